import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleToolSearch, type ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { unmatchedQueryWords } from '../../src/bridge/unmatched-query-words.ts';
import { analyzeQuery } from '../../src/catalog/query/analyze-query.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { makeTool, mcpServerTools } from '../support/fixtures.ts';

const registry = [...mcpServerTools('memory'), ...mcpServerTools('slack'), ...mcpServerTools('filesystem')];

async function search(args: Record<string, unknown>): Promise<ToolSearchResult> {
  const outcome = await handleToolSearch(buildSessionScope({ registry, toolsets: undefined, config: DEFAULT_TOOL_SEARCH_CONFIG }), args);
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return outcome.value as ToolSearchResult;
}

describe('unmatchedQueryWords', () => {
  const tools = [makeTool('write_file', 'Write text contents to a file.'), makeTool('create_pull_request', 'Open a pull request.')];

  it('names the words no tool has when the best match has under half the words and none in its name', () => {
    assert.deepEqual(unmatchedQueryWords(analyzeQuery('frobnicate the sprocket contents'), tools, tools[0]), ['frobnicate', 'sprocket']);
  });

  it('is empty when the best match has a query word in its name', () => {
    assert.deepEqual(unmatchedQueryWords(analyzeQuery('frobnicate the sprocket file'), tools, tools[0]), []);
  });

  it('leaves out words the reading rewrote, stop words and numbers', () => {
    // "PR" is read as pull request, which the second tool's name has; "42" is a number.
    assert.deepEqual(unmatchedQueryWords(analyzeQuery('the PR 42 zorbles'), tools, tools[0]), ['zorbles']);
  });
});

describe('tool_search whose best match is weak', () => {
  it('names the query words no tool has, beside the matches', async () => {
    const result = await search({ query: 'frobnicate the sprocket contents' });
    assert.ok(result.matches.length > 0);
    assert.match(result.hint ?? '', /^No tool has the words "frobnicate", "sprocket"; try the words tools use\./);
  });

  it('says nothing of words when the best match has most of the query', async () => {
    assert.equal((await search({ query: 'post a slack message' })).hint, undefined);
  });
});
