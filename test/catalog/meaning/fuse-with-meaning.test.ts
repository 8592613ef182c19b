import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { fuseWithMeaning } from '../../../src/catalog/meaning/fuse-with-meaning.ts';
import type { WordsRanking } from '../../../src/catalog/rank/words-ranking.ts';
import { makeTool } from '../catalog-fixtures.ts';

const index = buildSearchIndex(['a', 'b', 'c', 'd', 'e'].map((name) => makeTool(name, '')));

/** A words ranking of a, b, c, d (scores 4, 3.5, 2, 1: no clear winner) with the plain BM25's first tool a. */
function words(overrides: Partial<WordsRanking> = {}): WordsRanking {
  return {
    index,
    limit: 3,
    clauseCount: 1,
    depth: 4,
    ranked: [0, 1, 2, 3],
    scores: Float64Array.from([4, 3.5, 2, 1, 0]),
    exactCount: 0,
    specFirst: 0,
    ...overrides,
  };
}
const names = (matches: readonly { tool: { name: string } }[]): string[] => matches.map((match) => match.tool.name);

describe('fuseWithMeaning', () => {
  it('gives the words ranking, scores as reported, without a ranking by meaning', () => {
    assert.deepEqual(
      fuseWithMeaning(words()).map(({ tool, score }) => [tool.name, score]),
      [
        ['a', 4],
        ['b', 3.5],
        ['c', 2],
      ],
    );
  });

  it('lets meaning reorder a close call by words', () => {
    // Reciprocal rank, offset 10: d 1/14 + 1/11, c 1/13 + 1/12, a 1/11.
    assert.deepEqual(names(fuseWithMeaning(words(), { documents: [3, 2], weight: 1 })), ['d', 'c', 'a']);
  });

  it('keeps a clear winner by words first (1.2 times the second), meaning reordering the rest', () => {
    const clear = words({ scores: Float64Array.from([4, 2, 1.9, 1, 0]) });
    assert.deepEqual(names(fuseWithMeaning(clear, { documents: [3, 2], weight: 1 })), ['a', 'd', 'c']);
  });

  it('keeps the words ranking first keepWordsFirst tools in place', () => {
    assert.deepEqual(names(fuseWithMeaning(words(), { documents: [3, 2], weight: 1, keepWordsFirst: 2 })), ['a', 'b', 'd']);
  });

  it('counts meaning less in a request of several clauses', () => {
    // Weight 1 / 3: d 1/14 + 1/33 falls behind c 1/13 + 1/36, which it leads at full weight.
    assert.deepEqual(names(fuseWithMeaning(words({ clauseCount: 3 }), { documents: [3, 2], weight: 1 })), ['c', 'd', 'a']);
  });

  it('never drops the plain BM25 first tool', () => {
    assert.deepEqual(names(fuseWithMeaning(words({ specFirst: 4 }), { documents: [3, 2], weight: 1 })), ['d', 'c', 'e']);
  });

  describe('with an agreement (meaning that can only add)', () => {
    const agreement = { wordsDepth: 2, meaningDepth: 1 };

    it("keeps the words' first tool first when meaning's favourite is one words place low", () => {
      // Without the agreement meaning would put d first (see above); words place d fourth.
      assert.deepEqual(names(fuseWithMeaning(words(), { documents: [3, 2], weight: 1, agreement })), ['a', 'd', 'c']);
    });

    it("puts meaning's favourite first when words place it among their first wordsDepth", () => {
      assert.deepEqual(names(fuseWithMeaning(words(), { documents: [1, 3], weight: 1, keepWordsFirst: 2, agreement })), ['b', 'a', 'd']);
    });

    it("keeps the words' first tool first when their second is not meaning's first", () => {
      assert.deepEqual(names(fuseWithMeaning(words(), { documents: [3, 1], weight: 1, keepWordsFirst: 2, agreement })), ['a', 'b', 'd']);
    });

    it('reports the tool put first with the best score', () => {
      const [first, second] = fuseWithMeaning(words(), { documents: [3, 2], weight: 1, agreement });
      assert.ok(first!.score >= second!.score, `${first!.score} < ${second!.score}`);
    });

    it('lets meaning answer alone when words find nothing', () => {
      const nothing = words({ ranked: [], scores: new Float64Array(5), specFirst: undefined });
      assert.deepEqual(names(fuseWithMeaning(nothing, { documents: [3, 2], weight: 1, keepWordsFirst: 2, agreement })), ['d', 'c']);
    });
  });
});
