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
    assert.match(
      !parsed.ok ? parsed.message : '',
      /^"arguments" is not valid JSON \(.+\)\. Pass a JSON object, for example \{"query": "..."\}\.$/,
    );
  });

  it('refuses non-objects and names what was received', () => {
    assert.deepEqual(parseArgumentsObject([1], '"arguments"'), {
      ok: false,
      message: '"arguments" must be a JSON object, not an array. Pass named arguments like {"name": "value"}.',
    });
    assert.deepEqual(parseArgumentsObject('42', '"arguments"'), {
      ok: false,
      message:
        '"arguments" must be a JSON object, not a number (after parsing the JSON string). Pass named arguments like {"name": "value"}.',
    });
  });

  it('refuses a JSON string nested deeper than 100 levels before parsing it', () => {
    const depth = 25_000_000;
    const refusal = {
      ok: false,
      message:
        '"arguments" nest arrays and objects more than 100 levels deep, which no tool takes. Pass a JSON object with the tool\'s own parameters.',
    };
    // 50 MB: parsed, it would hold the process for minutes.
    assert.deepEqual(parseArgumentsObject(`${'['.repeat(depth)}${']'.repeat(depth)}`, '"arguments"'), refusal);
    assert.deepEqual(parseArgumentsObject(`{"a": ${'['.repeat(101)}${']'.repeat(101)}}`, '"arguments"'), refusal);
  });

  it('accepts nesting up to 100 levels, and brackets inside strings', () => {
    const nested = `{"a": ${'['.repeat(99)}${']'.repeat(99)}, "b": "${'['.repeat(500)}"}`;
    const parsed = parseArgumentsObject(nested, 'x');
    assert.equal(parsed.ok, true);
    assert.equal(parsed.ok && (parsed.value['b'] as string).length, 500);
  });

  it('refuses an object nested deeper than 100 levels', () => {
    let value: unknown = [];
    for (let level = 0; level < 10_000; level++) value = [value];
    assert.deepEqual(parseArgumentsObject({ value }, '"arguments"'), {
      ok: false,
      message:
        '"arguments" nest arrays and objects more than 100 levels deep, which no tool takes. Pass a JSON object with the tool\'s own parameters.',
    });
  });
});
