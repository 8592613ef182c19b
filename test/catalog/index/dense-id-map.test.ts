import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DenseIdMap } from '../../../src/catalog/index/dense-id-map.ts';

describe('DenseIdMap', () => {
  it('numbers ids densely in order of first sight, past its initial size too', () => {
    const map = new DenseIdMap(4);
    assert.equal(map.add(5), 0);
    assert.equal(map.add(90_000), 1);
    assert.equal(map.add(5), 0, 'an id seen before keeps its dense id');
    assert.equal(map.add(3), 2);
    assert.equal(map.size, 3);
    assert.equal(map.get(90_000), 1);
    assert.equal(map.get(7), -1);
    assert.equal(map.get(-1), -1);
    assert.equal(map.get(10_000_000), -1);
  });
});
