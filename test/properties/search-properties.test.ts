import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { handleToolSearch, type ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { isDeferrable } from '../../src/assembly/classify-tools.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { queries, toolLists } from './arbitraries.ts';

const sessionToolsets = fc.subarray(['core', 'mcp-github', 'mcp-slack', 'notes-plugin']);
const limits = fc.option(fc.integer({ min: -5, max: 80 }), { nil: undefined });

async function run(tools: Tool[], toolsets: string[], query: string, limit: number | undefined): Promise<ToolSearchResult> {
  const scope = buildSessionScope({ registry: tools, toolsets, config: DEFAULT_TOOL_SEARCH_CONFIG });
  const outcome = await handleToolSearch(scope, limit === undefined ? { query } : { query, limit });
  if (!outcome.ok) {
    assert.equal(outcome.error.code, 'empty_query');
    assert.equal(query.trim(), '');
    return { query, total_available: scope.catalog.length, matches: [] };
  }
  return outcome.value as ToolSearchResult;
}

describe('search invariants', () => {
  it('returns only deferrable tools of the session toolsets, each once, within the limits', async () => {
    await fc.assert(
      fc.asyncProperty(toolLists, sessionToolsets, queries, limits, async (tools, toolsets, query, limit) => {
        const result = await run(tools, toolsets, query, limit);
        const allowed = new Set(tools.filter((tool) => toolsets.includes(tool.toolset) && isDeferrable(tool)).map((tool) => tool.name));
        assert.equal(result.total_available, allowed.size);
        for (const match of result.matches) assert.ok(allowed.has(match.name), match.name);
        assert.equal(new Set(result.matches.map((match) => match.name)).size, result.matches.length);
        const expectedMax =
          limit === undefined
            ? DEFAULT_TOOL_SEARCH_CONFIG.searchDefaultLimit
            : Math.min(Math.max(limit, 1), DEFAULT_TOOL_SEARCH_CONFIG.maxSearchLimit);
        assert.ok(result.matches.length <= expectedMax);
        assert.ok(result.matches.length <= DEFAULT_TOOL_SEARCH_CONFIG.maxSearchLimit);
      }),
    );
  });

  it('ranks in decreasing score and does not depend on the input order', async () => {
    await fc.assert(
      fc.asyncProperty(
        toolLists.chain((tools) =>
          fc.tuple(fc.constant(tools), fc.shuffledSubarray(tools, { minLength: tools.length, maxLength: tools.length })),
        ),
        queries,
        async ([tools, shuffled], query) => {
          const toolsets = ['core', 'mcp-github', 'mcp-slack', 'notes-plugin'];
          const first = await run(tools, toolsets, query, 20);
          const second = await run(shuffled, toolsets, query, 20);
          assert.deepEqual(second.matches, first.matches);
          for (let index = 1; index < first.matches.length; index++) {
            assert.ok(first.matches[index - 1]!.score >= first.matches[index]!.score);
          }
        },
      ),
    );
  });
});
