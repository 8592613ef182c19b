import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fuseRankings } from '../../../src/catalog/rank/fuse-rankings.ts';

const byNumber = (left: number, right: number) => left - right;

describe('fuseRankings', () => {
  it('puts a document high in several rankings first, then the weightier ranking decides', () => {
    const fused = fuseRankings(
      [
        { documents: [1, 2, 3], weight: 1 },
        { documents: [3, 4], weight: 0.5 },
      ],
      byNumber,
    );
    // 1: 1/2; 2: 1/3; 3: 1/4 + 0.5/2 = 1/2; 4: 0.5/3.
    assert.deepEqual(fused, [1, 3, 2, 4]);
  });

  it('breaks equal sums with the comparator, whatever the order of the rankings', () => {
    const rankings = [
      { documents: [7], weight: 1 },
      { documents: [5], weight: 1 },
    ];
    assert.deepEqual(fuseRankings(rankings, byNumber), [5, 7]);
    assert.deepEqual(fuseRankings([...rankings].reverse(), byNumber), [5, 7]);
  });
});
