import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { PromptListChangedNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { connectGatewayServer, createGateway, createTemporaryFolder, resolveGatewayConfig } from '../../src/gateway/index.ts';
import { createScratchFolder, SCRIPTED_SERVER, waitFor } from './fixtures/gateway-test-support.ts';

// A server may send a client nothing but pings and logging before the client's `initialized`
// (MCP lifecycle). On stdio a notification sent early reaches a client that has not yet started.
describe('gateway: list change notifications wait for the client to initialize', () => {
  const scratch = createScratchFolder();
  const temporary = createTemporaryFolder();
  after(() => {
    temporary.remove();
    scratch.remove();
  });

  test('an upstream connecting before the client initializes sends it nothing; a change after does', async () => {
    const document = {
      tools: { tool_search: { enabled: 'off' } },
      mcp_servers: { scripted: { command: process.execPath, args: [SCRIPTED_SERVER] } },
    };
    const { config } = resolveGatewayConfig(document, { configDir: scratch.path, tempDir: temporary.path, env: {} });
    const gateway = createGateway({ config });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const early: JSONRPCMessage[] = [];
    clientSide.onmessage = (message) => early.push(message);
    await clientSide.start();
    const connection = await connectGatewayServer(gateway, serverSide);
    try {
      gateway.start();
      await gateway.ready();
      await waitFor(() => gateway.statuses().every((status) => status.state === 'connected'), 'the scripted server');
      // Whatever the upstream's arrival announced has been sent by now, had it been sent at all.
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(early, [], 'nothing before initialize');

      const client = new Client({ name: 'late-client', version: '1.0.0' });
      let notified = 0;
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => void (notified += 1));
      clientSide.onmessage = undefined;
      await client.connect(clientSide);
      await client.callTool({ name: 'mcp_scripted_add_prompt', arguments: {} });
      await waitFor(() => notified > 0, 'prompts/list_changed after initialize');
      await client.close();
    } finally {
      await connection.close();
      await gateway.close();
    }
  });
});
