import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { normalizeName } from '../../src/catalog/text/normalize-name.ts';
import { searchToolsByMeaning } from '../../src/catalog/search-tools-by-meaning.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { parameterNamesOf } from '../../src/catalog/index/searchable-text.ts';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import type { TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { tokenize } from '../../src/catalog/text/tokenize.ts';
import { queries, toolLists } from './catalog-fixtures.ts';
import { naiveSpecBm25First } from './naive-spec-bm25.ts';

/** Deterministic vectors: each word points along a direction taken from its characters; a text sums its words. */
const hashEmbedder: TextEmbedder = {
  async embed(texts) {
    return texts.map((text) => {
      const vector = new Array<number>(16).fill(0);
      for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
        for (let index = 0; index < word.length; index++) vector[(word.charCodeAt(index) * (index + 7)) % 16]! += 1;
      }
      return vector;
    });
  },
};

// One ranker per lead ratio for the whole file: its cache is keyed on text, so sharing it is what a
// process does, and it must never leak one catalog's order into another's.
const rankers = [createSemanticRanker(hashEmbedder), createSemanticRanker(hashEmbedder, { wordsLeadRatio: Infinity })];
const rankerIndexes = fc.constantFrom(0, 1);
const limits = fc.integer({ min: 1, max: 12 });
const key = (tool: { name: string; toolset: string }): string => `${tool.toolset}/${tool.name}`;

describe('searchToolsByMeaning properties (the SPEC guarantees hold under fusion)', () => {
  it('returns a subset of the input, each tool once, at most limit, scores never increasing', async () => {
    await fc.assert(
      fc.asyncProperty(toolLists, queries, limits, rankerIndexes, async (tools, query, limit, ranker) => {
        const matches = await searchToolsByMeaning(tools, query, limit, rankers[ranker]!);
        assert.ok(matches.length <= limit);
        for (const match of matches) assert.ok(tools.includes(match.tool));
        assert.equal(new Set(matches.map((match) => match.tool)).size, matches.length);
        for (let index = 1; index < matches.length; index++) assert.ok(matches[index - 1]!.score >= matches[index]!.score);
      }),
    );
  });

  it("never moves the words ranking's first two tools with keepWordsFirst 2 (meaning fills the places after them)", async () => {
    const keepingTwo = createSemanticRanker(hashEmbedder, { wordsLeadRatio: Infinity, keepWordsFirst: 2 });
    await fc.assert(
      fc.asyncProperty(toolLists, queries, fc.integer({ min: 3, max: 12 }), async (tools, query, limit) => {
        const words = searchTools(tools, query, limit).map((match) => key(match.tool));
        const fused = (await searchToolsByMeaning(tools, query, limit, keepingTwo)).map((match) => key(match.tool));
        assert.deepEqual(fused.slice(0, Math.min(2, words.length)), words.slice(0, 2));
      }),
    );
  });

  it('does not depend on the order of the input', async () => {
    await fc.assert(
      fc.asyncProperty(
        toolLists.chain((tools) =>
          fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length })),
        ),
        queries,
        limits,
        rankerIndexes,
        async ([tools, shuffled], query, limit, ranker) => {
          const first = (await searchToolsByMeaning(tools, query, limit, rankers[ranker]!)).map((match) => [key(match.tool), match.score]);
          const second = (await searchToolsByMeaning(shuffled, query, limit, rankers[ranker]!)).map((match) => [
            key(match.tool),
            match.score,
          ]);
          assert.deepEqual(second, first);
        },
      ),
    );
  });

  it('keeps the SPEC BM25 first tool, unless exact name matches fill the limit, and an exact name first', async () => {
    await fc.assert(
      fc.asyncProperty(
        toolLists,
        fc.oneof(
          queries,
          toolLists.filter((tools) => tools.length > 0).map((tools) => tools[0]!.name),
        ),
        limits,
        rankerIndexes,
        async (tools, query, limit, ranker) => {
          const matches = await searchToolsByMeaning(tools, query, limit, rankers[ranker]!);
          const exactMatches = tools.filter((tool) => normalizeName(tool.name) === normalizeName(query) && normalizeName(query) !== '');
          if (exactMatches.length > 0) assert.equal(normalizeName(matches[0]!.tool.name), normalizeName(query));
          const first = naiveSpecBm25First(tools, query);
          if (first === undefined || exactMatches.length >= limit) return;
          assert.ok(
            matches.some((match) => match.tool === first),
            `${first.name} missing for "${query}"`,
          );
        },
      ),
    );
  });

  it('answers exactly as words alone when no word of the query is in the catalog but a name contains it', async () => {
    await fc.assert(
      fc.asyncProperty(toolLists, queries, limits, rankerIndexes, async (tools, query, limit, ranker) => {
        const vocabulary = new Set(
          tools.flatMap((tool) => tokenize([tool.name, tool.description, tool.toolset, ...parameterNamesOf(tool)].join(' '))),
        );
        if (tokenize(query).some((token) => vocabulary.has(token))) return;
        const words = searchTools(tools, query, limit);
        if (words.length === 0) return;
        // Only the name-substring fallback (score 0) is SPEC's "no BM25 score" answer; stems are not.
        if (words.some((match) => match.score !== 0)) return;
        assert.deepEqual(await searchToolsByMeaning(tools, query, limit, rankers[ranker]!), words);
      }),
    );
  });
});
