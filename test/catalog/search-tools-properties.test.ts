import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { normalizeName } from '../../src/catalog/text/normalize-name.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { tokenize } from '../../src/catalog/text/tokenize.ts';
import { parameterNamesOf } from '../../src/catalog/index/searchable-text.ts';
import { queries, toolLists } from './catalog-fixtures.ts';
import { naiveSpecBm25First } from './naive-spec-bm25.ts';

const limits = fc.integer({ min: 1, max: 12 });
const substringProbes = toolLists
  .filter((tools) => tools.length > 0)
  .chain((tools) =>
    fc.tuple(
      fc.constant(tools),
      fc
        .constantFrom(...tools)
        .chain((tool) => fc.integer({ min: 0, max: tool.name.length - 1 }).map((start) => tool.name.slice(start, start + 4))),
    ),
  );
const key = (tool: { name: string; toolset: string }): string => `${tool.toolset}/${tool.name}`;

describe('searchTools properties', () => {
  it('returns a subset of the input tools, each once, at most limit of them', () => {
    fc.assert(
      fc.property(toolLists, queries, limits, (tools, query, limit) => {
        const matches = searchTools(tools, query, limit);
        assert.ok(matches.length <= limit);
        for (const match of matches) assert.ok(tools.includes(match.tool));
        assert.equal(new Set(matches.map((match) => match.tool)).size, matches.length);
      }),
    );
  });

  it('does not depend on the order of the input', () => {
    fc.assert(
      fc.property(
        toolLists.chain((tools) =>
          fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length })),
        ),
        queries,
        limits,
        ([tools, shuffled], query, limit) => {
          const first = searchTools(tools, query, limit).map((match) => [key(match.tool), match.score]);
          const second = searchTools(shuffled, query, limit).map((match) => [key(match.tool), match.score]);
          assert.deepEqual(second, first);
        },
      ),
    );
  });

  it('never drops the tool that the SPEC BM25 ranks first, unless exact name matches fill the limit', () => {
    fc.assert(
      fc.property(
        toolLists,
        fc.oneof(
          queries,
          toolLists.filter((tools) => tools.length > 0).map((tools) => tools[0]!.name),
        ),
        limits,
        (tools, query, limit) => {
          const first = naiveSpecBm25First(tools, query);
          if (first === undefined) return;
          const exactMatches = tools.filter((tool) => normalizeName(tool.name) === normalizeName(query) && normalizeName(query) !== '');
          if (exactMatches.length >= limit) return;
          assert.ok(
            searchTools(tools, query, limit).some((match) => match.tool === first),
            `${first.name} missing for "${query}"`,
          );
        },
      ),
    );
  });

  it('ranks a tool whose name is exactly the query first', () => {
    fc.assert(
      fc.property(
        toolLists.filter((tools) => tools.length > 0).chain((tools) => fc.tuple(fc.constant(tools), fc.constantFrom(...tools))),
        limits,
        ([tools, target], limit) => {
          const first = searchTools(tools, target.name, limit)[0];
          assert.ok(first !== undefined);
          assert.equal(normalizeName(first.tool.name), normalizeName(target.name));
        },
      ),
    );
  });

  it('falls back to tool names containing the query when no word of it is in name, description or parameters', () => {
    fc.assert(
      fc.property(toolLists, queries, limits, (tools, query, limit) => {
        const vocabulary = new Set(tools.flatMap((tool) => tokenize([tool.name, tool.description, ...parameterNamesOf(tool)].join(' '))));
        if (tokenize(query).some((token) => vocabulary.has(token))) return;
        const needle = query.trim().toLowerCase();
        const expected = tools.filter((tool) => needle !== '' && tool.name.toLowerCase().includes(needle)).length;
        if (expected === 0) return;
        const matches = searchTools(tools, query, limit);
        assert.equal(matches.length, Math.min(limit, expected));
        for (const match of matches) {
          assert.ok(match.tool.name.toLowerCase().includes(needle));
          assert.equal(match.score, 0);
        }
      }),
    );
  });

  it('answers a piece of a tool name that is no word with the tools whose names contain it', () => {
    fc.assert(
      fc.property(substringProbes, limits, ([tools, piece], limit) => {
        const vocabulary = new Set(tools.flatMap((tool) => tokenize([tool.name, tool.description, ...parameterNamesOf(tool)].join(' '))));
        if (tokenize(piece).some((token) => vocabulary.has(token)) || piece.trim() === '') return;
        const matches = searchTools(tools, piece, limit);
        assert.ok(matches.length > 0);
        for (const match of matches) assert.ok(match.tool.name.toLowerCase().includes(piece.trim().toLowerCase()));
      }),
    );
  });

  it('reports scores that never increase down the list', () => {
    fc.assert(
      fc.property(toolLists, queries, limits, (tools, query, limit) => {
        const scores = searchTools(tools, query, limit).map((match) => match.score);
        for (let index = 1; index < scores.length; index++) assert.ok(scores[index - 1]! >= scores[index]!);
      }),
    );
  });
});
