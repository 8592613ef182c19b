import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { copyJsonWithin } from '../../src/bridge/copy-json.ts';

describe('copyJsonWithin', () => {
  it('copies plain data deeply, sharing nothing with the original', () => {
    const original = { a: [1, { b: 'c' }], d: { e: null } };
    const { copy, capped } = copyJsonWithin(original, 10);
    assert.deepEqual(copy, original);
    assert.notEqual((copy as typeof original).a, original.a);
    assert.notEqual((copy as typeof original).a[1], original.a[1]);
    assert.deepEqual(Object.keys(copy as object), ['a', 'd']);
    assert.equal(capped, false);
  });

  it('replaces objects and arrays below the depth bound by empty ones and says so', () => {
    const { copy, capped } = copyJsonWithin({ a: { b: { c: 1 }, list: [[1]] } }, 1);
    assert.deepEqual(copy, { a: { b: {}, list: [] } });
    assert.equal(capped, true);
  });

  it('copies ten thousand levels of nesting without overflowing the stack', () => {
    let value: Record<string, unknown> = {};
    for (let level = 0; level < 10_000; level++) value = { inner: value };
    const { capped } = copyJsonWithin(value, 300);
    assert.equal(capped, true);
  });
});
