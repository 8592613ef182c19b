import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

// A model that asks tool_search for a server by its name alone, through the MCP SDK's client over
// Streamable HTTP, with server-memory behind the gateway and some of its tools denied by policy.
describe('tool_search of a server name through the gateway', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
        policy: { deny: ['mcp_memory_delete_*'] },
      },
      scratch.path,
    );
    await under.gateway.ready();
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test("lists the server's tools the policy allows, a page of limit, and says how many there are", async () => {
    const search = async (limit: number) =>
      JSON.parse(firstText(await under.client.callTool({ name: 'tool_search', arguments: { query: 'memory', limit } }))) as {
        matches: { name: string; score: number }[];
        hint?: string;
      };
    const all = await search(20);
    assert.deepEqual(
      all.matches.map((match) => match.name),
      [
        'mcp_memory_add_observations',
        'mcp_memory_create_entities',
        'mcp_memory_create_relations',
        'mcp_memory_open_nodes',
        'mcp_memory_read_graph',
        'mcp_memory_search_nodes',
      ],
    );
    assert.equal(all.hint, undefined);
    const page = await search(2);
    assert.deepEqual(
      page.matches.map((match) => match.name),
      ['mcp_memory_add_observations', 'mcp_memory_create_entities'],
    );
    assert.match(page.hint ?? '', /^mcp-memory has 6 tools; these are the first 2 by name\./);
  });
});
