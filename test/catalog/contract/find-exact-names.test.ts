import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findExactNames } from '../../../src/catalog/contract/find-exact-names.ts';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import type { Tool } from '../../../src/tools/tool.ts';
import { makeTool } from '../catalog-fixtures.ts';

const namesFound = (tools: readonly Tool[], query: string): string[] => {
  return findExactNames(buildSearchIndex(tools), analyzeQuery(query).name).map(
    (document) => `${tools[document]!.toolset}/${tools[document]!.name}`,
  );
};

describe('findExactNames', () => {
  const tools = [
    makeTool('create_issue', 'Creates an issue.', [], 'mcp-github'),
    makeTool('createIssue', 'Creates an issue.', [], 'mcp-gitlab'),
    makeTool('create_issue_comment', 'Comments on an issue.', [], 'mcp-github'),
    makeTool('the_list', 'A list.'),
  ];

  it('finds every tool named like the query, case and separators ignored, by name then toolset', () => {
    // By name in code-unit order: 'I' comes before '_'.
    assert.deepEqual(namesFound(tools, 'Create Issue'), ['mcp-gitlab/createIssue', 'mcp-github/create_issue']);
  });

  it('finds a tool by its original upstream name', () => {
    const renamed: Tool = { ...makeTool('mcp_github_create_issue', 'Creates an issue.'), originalName: 'create_issue' };
    assert.deepEqual(namesFound([renamed], 'create-issue'), ['mcp-test/mcp_github_create_issue']);
  });

  it('finds a name made of stop words alone', () => {
    assert.deepEqual(namesFound(tools, 'the list'), ['mcp-test/the_list']);
  });

  it('finds a name written as one word when the query splits it, though a word of the query is elsewhere in the catalog', () => {
    // fast-check's counterexample: "send" is a parameter of another tool, "weather" in no tool.
    const catalog = [makeTool('create', '', ['send']), makeTool('sendweather', '')];
    assert.deepEqual(namesFound(catalog, 'send_weather'), ['mcp-test/sendweather']);
    assert.deepEqual(namesFound(catalog, 'Send Weather'), ['mcp-test/sendweather']);
  });

  it('finds nothing for a longer or shorter name, or a query of punctuation', () => {
    assert.deepEqual(namesFound(tools, 'create'), []);
    assert.deepEqual(namesFound(tools, 'create issue comments'), []);
    assert.deepEqual(namesFound(tools, '?!'), []);
  });
});
