import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleToolSearch, resolveLimit, type ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchConfig } from '../../src/config/tool-search-config.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { coreTools, makeTool, mcpServerTools } from '../support/fixtures.ts';

function scopeOf(registry: Tool[], config: ToolSearchConfig = DEFAULT_TOOL_SEARCH_CONFIG, toolsets?: string[]) {
  return buildSessionScope({ registry, toolsets, config });
}

async function search(registry: Tool[], args: Record<string, unknown>, config?: ToolSearchConfig): Promise<ToolSearchResult> {
  const outcome = await handleToolSearch(scopeOf(registry, config), args);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.value as ToolSearchResult;
}

const registry = [...coreTools(), ...mcpServerTools('memory'), ...mcpServerTools('slack'), ...mcpServerTools('filesystem')];

describe('tool_search', () => {
  it('returns the query, the catalog size and matches with name, toolset, tool, description, score', async () => {
    const result = await search(registry, { query: 'post a message to a slack channel' });
    assert.equal(result.query, 'post a message to a slack channel');
    assert.equal(result.total_available, 9 + 8 + 14);
    const first = result.matches[0]!;
    assert.deepEqual(Object.keys(first), ['name', 'toolset', 'tool', 'description', 'score']);
    assert.equal(first.name, 'mcp_slack_slack_post_message');
    assert.equal(first.toolset, 'mcp-slack');
    assert.equal(first.tool, 'slack_post_message');
    assert.ok(first.score > 0);
  });

  it('returns search_default_limit matches without a limit', async () => {
    assert.equal((await search(registry, { query: 'file' })).matches.length, 5);
    assert.equal((await search(registry, { query: 'file' }, { ...DEFAULT_TOOL_SEARCH_CONFIG, searchDefaultLimit: 2 })).matches.length, 2);
  });

  it('clamps a limit above max_search_limit to the maximum', async () => {
    const config = { ...DEFAULT_TOOL_SEARCH_CONFIG, maxSearchLimit: 4 };
    assert.equal((await search(registry, { query: 'file', limit: 40 }, config)).matches.length, 4);
  });

  it('accepts a limit written as a string', async () => {
    assert.equal((await search(registry, { query: 'file', limit: '3' })).matches.length, 3);
  });

  it('refuses an empty query with an actionable message', async () => {
    const outcome = await handleToolSearch(scopeOf(registry), { query: '   ' });
    assert.deepEqual(outcome, {
      ok: false,
      error: { code: 'empty_query', message: 'tool_search needs a non-empty "query": describe the action, e.g. "github create issue".' },
    });
  });

  it('refuses a limit that is not a number', async () => {
    const outcome = await handleToolSearch(scopeOf(registry), { query: 'file', limit: 'many' });
    assert.equal(outcome.ok, false);
    assert.equal(!outcome.ok && outcome.error.message, '"limit" must be a whole number from 1 to 20; leave it out for 5 results.');
  });

  it('never returns core tools', async () => {
    const result = await search(registry, { query: 'read file', limit: 20 });
    assert.ok(result.matches.every((match) => match.toolset !== 'core'));
  });

  it('clips long descriptions at a word boundary with an ellipsis', async () => {
    const long = makeTool('mcp_test_long', `${'word '.repeat(100)}end`);
    const [match] = (await search([long], { query: 'long' })).matches;
    assert.ok(match!.description.endsWith('…'));
    assert.ok(match!.description.length <= 200);
    assert.match(match!.description, /word…$/);
  });

  it('falls back to tool-name substrings when no term matches', async () => {
    const tools = [makeTool('mcp_github_create_issue', 'Open a ticket'), makeTool('mcp_github_list_prs', 'Pulls')];
    const result = await search(tools, { query: 'ithu' });
    assert.deepEqual(
      result.matches.map((match) => [match.name, match.score]),
      [
        ['mcp_github_list_prs', 0],
        ['mcp_github_create_issue', 0],
      ],
    );
  });

  it('says which toolsets exist and how to retry when nothing matches', async () => {
    const result = await search(registry, { query: 'zzzz qqqq' });
    assert.deepEqual(result.matches, []);
    assert.equal(
      result.hint,
      'No tool matched. Connected toolsets (tools): mcp-filesystem (14), mcp-memory (9), mcp-slack (8). Retry with a service name plus an action, e.g. "filesystem edit file" or "memory open nodes".',
    );
  });

  it('searches only the session toolsets', async () => {
    const outcome = await handleToolSearch(scopeOf(registry, DEFAULT_TOOL_SEARCH_CONFIG, ['core', 'mcp-memory']), {
      query: 'slack message',
      limit: 20,
    });
    assert.ok(outcome.ok);
    const result = outcome.value as ToolSearchResult;
    assert.equal(result.total_available, 9);
    assert.ok(result.matches.every((match) => match.toolset === 'mcp-memory'));
  });

  it('searches the beginning of a very long query and says so', async () => {
    const result = await search(registry, { query: `post slack message ${'x'.repeat(1_000_000)}` });
    assert.equal(result.query, `post slack message ${'x'.repeat(20_000 - 19)}`);
    assert.equal(
      result.notice,
      'Only the first 20,000 characters and 2,048 words of a query are searched; yours had 1,000,019 characters, and "query" above is the part searched. Describe one action in a few words.',
    );
    assert.equal(result.matches[0]?.name, 'mcp_slack_slack_post_message');
  });

  it('adds no notice to a query within the bounds', async () => {
    assert.equal('notice' in (await search(registry, { query: 'post a message to a slack channel' })), false);
  });
});

describe('resolveLimit', () => {
  it('defaults, clamps and rounds', async () => {
    assert.equal(resolveLimit(undefined, 5, 20), 5);
    assert.equal(resolveLimit(0, 5, 20), 1);
    assert.equal(resolveLimit(99, 5, 20), 20);
    assert.equal(resolveLimit(2.4, 5, 20), 2);
    assert.equal(resolveLimit({}, 5, 20), undefined);
  });
});
