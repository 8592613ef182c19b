import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALL_ERRORS_MAX_VALUES, createAjvValidator } from '../../src/integrations/ajv/index.ts';
import { toRe2Syntax } from '../../src/integrations/ajv/linear-regexp-engine.ts';
import { canonicalJson } from '../../src/integrations/ajv/unique-items-keyword.ts';
import type { JsonSchema, ToolDefinition } from '../../src/tools/tool.ts';

function tool(parameters: JsonSchema, name = 'upstream_tool'): ToolDefinition {
  return { name, description: '', parameters };
}

// An upstream server writes the schemas the gateway checks arguments against: none may make a check
// take more than time linear in the arguments.
describe('argument checks an upstream schema cannot stall', () => {
  it('runs a backtracking pattern in linear time, with the meaning of a search (unanchored)', () => {
    const check = createAjvValidator()(
      tool({ type: 'object', properties: { value: { type: 'string', pattern: '^(a+)+$' }, word: { pattern: 'b+' } } }),
    )!;
    assert.deepEqual(check({ value: `${'a'.repeat(100_000)}!` }), [{ path: '/value', message: 'must match pattern "^(a+)+$"' }]);
    assert.deepEqual(check({ value: 'aaaa', word: 'abbc' }), []);
    assert.deepEqual(check({ word: 'acd' }), [{ path: '/word', message: 'must match pattern "b+"' }]);
  });

  it('checks patternProperties keys in linear time', () => {
    const check = createAjvValidator()(
      tool({ type: 'object', patternProperties: { '^(a+)+$': { type: 'string' } }, additionalProperties: false }),
    )!;
    assert.deepEqual(check({ [`${'a'.repeat(50_000)}!`]: 'x' }), [
      { path: '', message: `unknown property '${'a'.repeat(50_000)}!' (not allowed here)` },
    ]);
    assert.deepEqual(check({ aaa: 'x' }), []);
  });

  it('leaves a pattern RE2 cannot run unchecked, says so once, and checks the rest', () => {
    const warnings: string[] = [];
    const check = createAjvValidator({ onWarning: (message) => warnings.push(message) })(
      tool({ type: 'object', properties: { value: { type: 'string', pattern: '^(a)\\1$' }, count: { type: 'integer' } } }, 'doubled'),
    )!;
    assert.deepEqual(check({ value: 'ab' }), []);
    assert.deepEqual(check({ value: 'ab', count: 'x' }), [{ path: '/count', message: 'must be integer' }]);
    assert.equal(warnings.length, 1);
    assert.match(
      warnings[0]!,
      /^the pattern "\^\(a\)\\\\1\$" in the parameters of tool 'doubled' is not checked: it cannot run in linear time/,
    );
  });

  it('spells ECMAScript escapes the way RE2 does, leaving escaped backslashes alone', () => {
    assert.equal(toRe2Syntax('^[\\u0041-\\u005A]+\\u{1F600}$'), '^[\\x{0041}-\\x{005A}]+\\x{1F600}$');
    assert.equal(toRe2Syntax('\\\\u0041'), '\\\\u0041');
    const check = createAjvValidator()(tool({ properties: { code: { type: 'string', pattern: '^[\\u0041-\\u005A]+$' } } }))!;
    assert.deepEqual(check({ code: 'ABC' }), []);
    assert.deepEqual(check({ code: 'abc' }), [{ path: '/code', message: 'must match pattern "^[\\u0041-\\u005A]+$"' }]);
  });

  it('checks uniqueItems in linear time, objects equal whatever their key order', () => {
    const check = createAjvValidator()(tool({ type: 'object', properties: { items: { type: 'array', uniqueItems: true } } }))!;
    const items = Array.from({ length: 50_000 }, (_, index) => ({ id: index, tags: ['a'] }));
    assert.deepEqual(check({ items }), []);
    assert.deepEqual(check({ items: [...items, { tags: ['a'], id: 3 }] }), [
      { path: '/items', message: 'must NOT have duplicate items (items ## 50000 and 3 are identical)' },
    ]);
    assert.deepEqual(check({ items: [1, '1', [1], { 1: 1 }] }), [], 'a number, a string, a list and an object are all different');
    assert.equal(canonicalJson({ b: [2, { d: 1, c: 0 }], a: null }), '{"a":null,"b":[2,{"c":0,"d":1}]}');
  });

  it('checks arguments of many values to their first problem, small ones for every problem', () => {
    const check = createAjvValidator()(tool({ type: 'object', properties: { items: { type: 'array', items: { type: 'integer' } } } }))!;
    assert.equal(check({ items: Array.from({ length: 100 }, () => 'x') }).length, 100);
    assert.deepEqual(check({ items: Array.from({ length: ALL_ERRORS_MAX_VALUES + 1 }, () => 'x') }), [
      { path: '/items/0', message: 'must be integer' },
    ]);
    assert.deepEqual(check({ items: Array.from({ length: ALL_ERRORS_MAX_VALUES + 1 }, (_, index) => index) }), []);
  });
});
