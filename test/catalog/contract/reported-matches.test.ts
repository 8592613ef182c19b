import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { reportedMatches } from '../../../src/catalog/contract/reported-matches.ts';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('reportedMatches', () => {
  const index = buildSearchIndex(['a', 'b', 'c', 'd'].map((name) => makeTool(name, '')));

  it('reports scores that never increase down the list', () => {
    const scores = Float64Array.from([1, 5, 3, 4]);
    assert.deepEqual(
      reportedMatches(index, [1, 2, 3, 0], scores).map(({ tool, score }) => [tool.name, score]),
      [
        ['b', 5],
        ['c', 3],
        ['d', 3],
        ['a', 1],
      ],
    );
  });

  it('shows an unscored first match (an exact name) with the best score, a later one with the one before it', () => {
    const scores = Float64Array.from([0, 5, 0, 2]);
    assert.deepEqual(
      reportedMatches(index, [0, 1, 2, 3], scores).map(({ score }) => score),
      [5, 5, 5, 2],
    );
  });
});
