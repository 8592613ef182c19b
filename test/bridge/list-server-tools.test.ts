import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleToolSearch, type ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { firstLineOf, listServerTools } from '../../src/bridge/list-server-tools.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { analyzeQuery } from '../../src/catalog/query/analyze-query.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { makeTool, mcpServerTools } from '../support/fixtures.ts';

const registry = [...mcpServerTools('memory'), ...mcpServerTools('slack'), ...mcpServerTools('filesystem')];

async function search(args: Record<string, unknown>, tools: Tool[] = registry): Promise<ToolSearchResult> {
  const outcome = await handleToolSearch(
    buildSessionScope({ registry: tools, toolsets: undefined, config: DEFAULT_TOOL_SEARCH_CONFIG }),
    args,
  );
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.value as ToolSearchResult;
}

describe('listServerTools', () => {
  it('takes a server named with or without its mcp- prefix, in any case and separators', () => {
    for (const query of ['slack', 'Slack', 'mcp-slack', 'MCP slack']) {
      assert.equal(listServerTools(analyzeQuery(query), registry, 5)?.toolset, 'mcp-slack', query);
    }
  });

  it('lists nothing for a query that says more than the server name', () => {
    assert.equal(listServerTools(analyzeQuery('slack post message'), registry, 5), undefined);
    assert.equal(listServerTools(analyzeQuery('github'), registry, 5), undefined);
  });

  it('puts a tool named exactly as the query first', () => {
    const tools = [makeTool('alpha', '', { toolset: 'fetch' }), makeTool('fetch', '', { toolset: 'fetch' })];
    assert.deepEqual(
      listServerTools(analyzeQuery('fetch'), tools, 5)?.tools.map((tool) => tool.name),
      ['fetch', 'alpha'],
    );
  });
});

describe('firstLineOf', () => {
  it("keeps a description's first line or sentence, clipped", () => {
    assert.equal(firstLineOf('Post a message. Then wait for replies.'), 'Post a message.');
    assert.equal(firstLineOf('Read a file\nfrom the workspace.'), 'Read a file');
    assert.equal(firstLineOf('word '.repeat(40)).length <= 100, true);
  });
});

describe('tool_search of a server name alone', () => {
  it("lists the server's tools by name, one line each, paged by limit, saying how many there are", async () => {
    const result = await search({ query: 'slack', limit: 3 });
    const slack = mcpServerTools('slack')
      .map((tool) => tool.name)
      .sort();
    assert.deepEqual(
      result.matches.map((match) => match.name),
      slack.slice(0, 3),
    );
    assert.deepEqual(Object.keys(result.matches[0]!), ['name', 'toolset', 'tool', 'description', 'score']);
    assert.ok(result.matches.every((match) => match.toolset === 'mcp-slack' && match.score === 1 && !match.description.includes('\n')));
    assert.match(
      result.hint ?? '',
      new RegExp(
        `^mcp-slack has ${slack.length} tools; these are the first 3 by name\\. Ask again with a larger limit \\(up to 20\\), or with an action after the server's name, e\\.g\\. "slack `,
      ),
    );
  });

  it('gives no hint when the whole server fits', async () => {
    const result = await search({ query: 'memory', limit: 20 });
    assert.equal(result.matches.length, mcpServerTools('memory').length);
    assert.equal(result.hint, undefined);
  });
});
