import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchCatalog } from '../../src/bridge/handle-tool-search.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { makeTool } from './catalog-fixtures.ts';

async function hintFor(tools: Tool[], query: string): Promise<string | undefined> {
  const toolsets = [...new Set(tools.map((tool) => tool.toolset))];
  const scope = buildSessionScope({ registry: tools, toolsets, config: DEFAULT_TOOL_SEARCH_CONFIG });
  return (await searchCatalog(scope, query, 5)).hint;
}

describe('the empty tool_search result', () => {
  it('names the connected toolsets with their tool counts and retry examples from real tool names', async () => {
    const tools = [
      makeTool('mcp_github_create_issue', 'Open an issue.', [], 'mcp-github'),
      makeTool('mcp_github_list_pull_requests', 'Pull requests.', [], 'mcp-github'),
      makeTool('mcp_slack_slack_post_message', 'Post to a channel.', [], 'mcp-slack'),
    ];
    assert.equal(
      await hintFor(tools, 'zzzz qqqq'),
      'No tool matched. Connected toolsets (tools): mcp-github (2), mcp-slack (1). Retry with a service name plus an action, e.g. "github create issue" or "slack post message".',
    );
  });

  it('counts the toolsets past the first fifteen instead of listing them', async () => {
    const tools = Array.from({ length: 18 }, (_, index) =>
      makeTool(`mcp_s${index}_list`, 'Lists.', [], `mcp-s${String(index).padStart(2, '0')}`),
    );
    const hint = (await hintFor(tools, 'zzzz')) ?? '';
    assert.match(hint, /mcp-s14 \(1\) and 3 more\./);
    assert.doesNotMatch(hint, /mcp-s15/);
  });

  it('has no hint when something matched', async () => {
    assert.equal(await hintFor([makeTool('mcp_github_create_issue', 'Open an issue.', [], 'mcp-github')], 'issue'), undefined);
  });
});

describe('the tool_search result whose matches only share description words with the query', () => {
  const tools = [
    makeTool(
      'mcp_github_list_notifications',
      'Lists notifications: mentions, reviews, and whatever else happened in Boston or elsewhere.',
      [],
      'mcp-github',
    ),
    makeTool('mcp_github_delete_file', 'Deletes a file from a repository.', [], 'mcp-github'),
  ];

  it('says the matches may not do what the model wants, and what is connected', async () => {
    const hint = (await hintFor(tools, 'what is the weather in Boston')) ?? '';
    assert.match(
      hint,
      /^No match has a word of the query in its name, so these may not do what you want\. Connected toolsets \(tools\): mcp-github \(2\)\./,
    );
  });

  it('has no hint when a match is named with a query word or one of its synonyms', async () => {
    assert.equal(await hintFor(tools, 'list my notifications'), undefined);
    assert.equal(await hintFor(tools, 'remove a file'), undefined, 'remove is a synonym of delete');
    assert.equal(await hintFor(tools, 'github things in Boston'), undefined, 'the toolset name counts');
    assert.equal(await hintFor(tools, 'notif'), undefined, 'a name-substring match holds the query in its name');
  });
});
