import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { rankDocuments } from '../../../src/catalog/rank/rank-documents.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('rankDocuments', () => {
  const index = buildSearchIndex(['a', 'b', 'c', 'd', 'e'].map((name) => makeTool(name, '')));
  const scored = { scores: Float64Array.from([10, 0.5, 3, 1, 3]), terms: [], conceptCount: 1 };

  it('ranks by score, ties by name, and leaves out scores under a tenth of the best', () => {
    assert.deepEqual(rankDocuments(index, scored, [], 10), [0, 2, 4, 3]);
  });

  it('puts the exact matches first, in their order and once, within the limit', () => {
    assert.deepEqual(rankDocuments(index, scored, [1, 4], 3), [1, 4, 0]);
  });
});
