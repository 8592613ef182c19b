import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolSearchError } from '../../src/errors/tool-search-error.ts';
import { inferOriginalName, parseToolsetMap } from '../../src/tools/parse-toolset-map.ts';

const schema = { type: 'object', properties: {} };

describe('parseToolsetMap', () => {
  it('gives core, mcp- and other toolsets their kinds, in any wire shape', () => {
    const tools = parseToolsetMap(
      {
        core: [{ type: 'function', function: { name: 'terminal', description: 'Shell', parameters: schema } }],
        'mcp-github': [{ name: 'mcp_github_get_me', description: 'Me', inputSchema: schema }],
        weather: [{ name: 'forecast', description: 'Forecast', input_schema: schema }],
      },
      'tools',
    );
    assert.deepEqual(
      tools.map((tool) => [tool.name, tool.toolset, tool.kind, tool.originalName]),
      [
        ['terminal', 'core', 'core', undefined],
        ['mcp_github_get_me', 'mcp-github', 'mcp', 'get_me'],
        ['forecast', 'weather', 'plugin', undefined],
      ],
    );
  });

  it('reads a bare array as one MCP toolset named after the file', () => {
    const tools = parseToolsetMap([{ name: 'read_graph', description: '', inputSchema: schema }], 'memory');
    assert.deepEqual(
      tools.map((tool) => [tool.toolset, tool.kind]),
      [['mcp-memory', 'mcp']],
    );
  });

  it('names the toolset of a bad entry', () => {
    assert.throws(
      () => parseToolsetMap({ 'mcp-a': 'oops' }, 'x'),
      (error: unknown) => error instanceof ToolSearchError && error.message === "toolset 'mcp-a' must be an array of tools, got a string",
    );
    assert.throws(() => parseToolsetMap({ 'mcp-a': [{ name: '' }] }, 'x'), /toolset 'mcp-a' tool #1: the tool has no name/);
    assert.throws(() => parseToolsetMap(42, 'x'), /expected an object mapping toolset names to arrays of tools/);
  });

  it('recovers the upstream name from the gateway naming, dashes or underscores', () => {
    assert.equal(inferOriginalName('mcp-brave-search', 'mcp_brave-search_brave_web_search'), 'brave_web_search');
    assert.equal(inferOriginalName('mcp-brave-search', 'mcp_brave_search_brave_web_search'), 'brave_web_search');
    assert.equal(inferOriginalName('mcp-github', 'create_issue'), undefined);
    assert.equal(inferOriginalName('plugin', 'mcp_plugin_x'), undefined);
  });
});
