import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLength } from '../../src/bridge/json-length.ts';

describe('jsonLength', () => {
  it('equals the length of JSON.stringify for plain data', () => {
    const values = [
      { a: 1, b: 'two "quoted"\n', c: [true, null, 3.5, undefined, () => 1], d: undefined, e: { f: [] } },
      [],
      {},
      'é\u0001',
      -0.000001,
      [[[{ '': [1, 2] }]]],
    ];
    for (const value of values) assert.equal(jsonLength(value), JSON.stringify(value).length);
  });

  it('measures nesting deeper than JSON.stringify can write', () => {
    let value: unknown = 0;
    for (let level = 0; level < 100_000; level++) value = [value];
    assert.equal(jsonLength(value), 100_000 * 2 + 1);
  });
});
