import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { searchTools } from '../../src/catalog/search-tools.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { MEANING_QUERY, MEANING_TOOLS, WORDS_FIRST } from '../support/meaning-fixture.ts';
import { createScratchFolder, DESCRIBED_TOOLS_SERVER, firstText, projectPath, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';

/** The fixture's tools as the gateway shows them: server `lookup`, names `mcp_lookup_<tool>`. */
const gatewayTools: Tool[] = MEANING_TOOLS.map(({ name, description }) => ({
  name: `mcp_lookup_${name}`,
  description,
  parameters: { type: 'object', properties: {} },
  toolset: 'mcp-lookup',
  kind: 'mcp',
}));

// `tool-search serve --semantic` run from the sources (bin/ runs the build) over stdio, with the real
// sentence encoder, in front of one MCP server offering the fixture's tools: one start, one search
// through an MCP SDK client.
describe('tool-search serve --semantic', () => {
  let scratch: ScratchFolder;
  let client: Client;
  const logs: string[] = [];

  before(async () => {
    scratch = createScratchFolder();
    const serverTools = JSON.stringify(MEANING_TOOLS.map(({ name, description }) => ({ name, description })));
    const config = scratch.write('gateway.json', {
      tools: { tool_search: { enabled: 'on' } },
      mcp_servers: { lookup: { command: process.execPath, args: [DESCRIBED_TOOLS_SERVER, serverTools] } },
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', projectPath('src/cli/run-cli.ts'), 'serve', '--semantic', '--config', config],
      cwd: projectPath(''),
      // Tool vectors go to the scratch folder, never to the user's cache.
      env: { ...getDefaultEnvironment(), TOOL_SEARCH_CACHE_DIR: scratch.path },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => logs.push(...chunk.toString().split('\n').filter((line) => line !== '')));
    client = new Client({ name: 'gateway-semantic-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  test('answers tool_search with the ranking by meaning, below the words ranking\'s first two', async () => {
    const byWords = searchTools(gatewayTools, MEANING_QUERY, 5).map((match) => match.tool.name);
    assert.deepEqual(byWords, WORDS_FIRST.map((name) => `mcp_lookup_${name}`), 'the premise: by words, only the clock and the TV series tools');

    await waitFor(() => logs.some((line) => line.includes(' ready: ')), 'the gateway to connect its server');
    // Searches before the warm-up ends rank by meaning over the tools embedded so far.
    await waitFor(() => logs.some((line) => /tool_search ranks by meaning over all 5 searchable tools \(embedded in [\d.]+ s\)$/.test(line)), 'the catalog embedded');
    const search = JSON.parse(firstText(await client.callTool({ name: 'tool_search', arguments: { query: MEANING_QUERY } })));
    assert.equal(search.total_available, 5);
    // The words ranking's first two keep their places; meaning adds the champion tool after them.
    assert.deepEqual(search.matches.slice(0, 3).map((match: { name: string }) => match.name), [...WORDS_FIRST, 'sports_ranking_get_champion'].map((name) => `mcp_lookup_${name}`));
    assert.ok(logs.some((line) => /^tool-search serve: tool_search ranks by meaning too \(--semantic; sentence encoder loaded in [\d.]+ s, computing with onnxruntime\)$/.test(line)), logs.join('\n'));
    assert.deepEqual(logs.filter((line) => line.includes('warning')), [], 'the encoder embedded every tool in time');
  });
});
