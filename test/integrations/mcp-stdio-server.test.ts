import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createToolSearchSession, isCallActivity, type ActivityEvent } from '../../src/index.ts';
import { createMcpToolSource, type McpToolSource } from '../../src/integrations/mcp-client/index.ts';

const everythingServer = fileURLToPath(new URL('../../node_modules/.bin/mcp-server-everything', import.meta.url));

// The point here is the process boundary: a real npm MCP server spawned over stdio.
describe('createMcpToolSource over a real stdio MCP server (server-everything)', () => {
  let client: Client;
  let source: McpToolSource;

  before(async () => {
    client = new Client({ name: 'tool-search-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: everythingServer, args: ['stdio'], stderr: 'ignore' }));
    source = await createMcpToolSource({ clients: { everything: client } });
  });
  after(async () => {
    source.close();
    await client.close();
  });

  test('searches, describes and calls the echo tool through the bridge', async () => {
    const activity: ActivityEvent[] = [];
    const session = createToolSearchSession({
      tools: source.tools,
      config: { enabled: 'on', thresholdPct: 10, searchDefaultLimit: 5, maxSearchLimit: 20 },
      hooks: { onActivity: (event) => activity.push(event) },
    });
    assert.deepEqual(
      session.assemble().tools.map((tool) => tool.name),
      ['tool_search', 'tool_describe', 'tool_call'],
    );
    const search = await session.call('tool_search', { query: 'echo message' });
    assert.ok(search.ok);
    assert.equal((search.value as { matches: { name: string }[] }).matches[0]?.name, 'mcp_everything_echo');
    const described = await session.call('tool_describe', { name: 'mcp_everything_echo' });
    assert.ok(described.ok && JSON.stringify(described.value).includes('"message"'));
    const called = await session.call('tool_call', { name: 'mcp_everything_echo', arguments: { message: 'hi' } });
    assert.deepEqual(called, { ok: true, value: 'Echo: hi' });
    assert.deepEqual(
      activity.map((event) => [event.type, event.tool, event.toolset, isCallActivity(event) ? event.viaBridge : event.via]),
      [
        ['search', undefined, undefined, 'tool_search'],
        ['describe', 'mcp_everything_echo', 'mcp-everything', 'tool_describe'],
        ['call_started', 'mcp_everything_echo', 'mcp-everything', true],
        ['call_finished', 'mcp_everything_echo', 'mcp-everything', true],
      ],
    );
  });
});
