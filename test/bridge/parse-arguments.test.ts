import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArgumentsObject } from '../../src/bridge/parse-arguments.ts';

describe('parseArgumentsObject', () => {
  it('takes an object as it is', () => {
    assert.deepEqual(parseArgumentsObject({ a: 1 }, 'x'), { ok: true, value: { a: 1 } });
  });

  it('parses a JSON string holding an object', () => {
    assert.deepEqual(parseArgumentsObject('{"title": "bug"}', 'x'), { ok: true, value: { title: 'bug' } });
  });

  it('reads nothing at all as no arguments', () => {
    for (const raw of [undefined, null, '', '  ']) assert.deepEqual(parseArgumentsObject(raw, 'x'), { ok: true, value: {} });
  });

  it('says malformed JSON is not valid JSON and what to pass', () => {
    const parsed = parseArgumentsObject('{"title": ', '"arguments"');
    assert.equal(parsed.ok, false);
    assert.match(!parsed.ok ? parsed.message : '', /^"arguments" is not valid JSON \(.+\)\. Pass a JSON object, for example \{"query": "..."\}\.$/);
  });

  it('refuses non-objects and names what was received', () => {
    assert.deepEqual(parseArgumentsObject([1], '"arguments"'), {
      ok: false,
      message: '"arguments" must be a JSON object, not an array. Pass named arguments like {"name": "value"}.',
    });
    assert.deepEqual(parseArgumentsObject('42', '"arguments"'), {
      ok: false,
      message: '"arguments" must be a JSON object, not a number (after parsing the JSON string). Pass named arguments like {"name": "value"}.',
    });
  });
});
