import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { multiplyCoverageFactors } from '../../../src/catalog/rank/coverage-factors.ts';
import { scratchOf } from '../../../src/catalog/rank/scoring-scratch.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('multiplyCoverageFactors', () => {
  const index = buildSearchIndex(['create_issue', 'issue', 'a', 'b', 'c', 'd', 'e'].map((name) => makeTool(name, '')));

  it('multiplies name coverage, then coordination, into the touched documents only', () => {
    const scratch = scratchOf(index.tools.length);
    try {
      // Document 0 has one of its two name terms in the query and matches one of the query's two words;
      // document 1 has its one name term and matches both words.
      scratch.nameMatches[0] = 1;
      scratch.matchedConcepts[0] = 1;
      scratch.nameMatches[1] = 1;
      scratch.matchedConcepts[1] = 2;
      scratch.matchedConcepts[2] = 2;
      multiplyCoverageFactors(index, [0, 1], scratch, [1, 1]);
      // Defaults: nameCoverage 1.5, and coordination 0.9 for a request of fewer than 16 words.
      assert.equal(scratch.multipliers[0], (1 + 1.5 * 0.5) * Math.pow(0.5, 0.9));
      assert.equal(scratch.multipliers[1], (1 + 1.5 * 1) * Math.pow(1, 0.9));
      assert.equal(scratch.multipliers[2], 1);
    } finally {
      scratch.clear([0, 1, 2]);
    }
  });

  it('leaves coordination out for a query of one word', () => {
    const scratch = scratchOf(index.tools.length);
    try {
      scratch.matchedConcepts[3] = 1;
      multiplyCoverageFactors(index, [3], scratch, [1]);
      assert.equal(scratch.multipliers[3], 1);
    } finally {
      scratch.clear([3]);
    }
  });
});
