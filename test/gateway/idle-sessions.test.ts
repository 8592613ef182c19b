import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

/**
 * Short enough to keep the test quick, long enough that a loaded machine (other suites, the sentence
 * encoder's thread) never lets it pass between a client's initialize and its next request: at 200 ms,
 * and at 1,000 ms with three runs side by side, the SDK client's own session was reaped during setup.
 */
const IDLE_MS = 3000;

/** Polls `condition` until it holds or `deadlineMs` passes; returns whether it held. */
async function eventually(condition: () => boolean, deadlineMs = 10_000): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  while (Date.now() < end) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

/** Opens an MCP session with a bare initialize request and then goes away without ending it. */
async function initializeAndVanish(url: URL, authorization: Readonly<Record<string, string>>): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...authorization, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'vanishing', version: '1' } },
    }),
  });
  await response.text();
  const id = response.headers.get('mcp-session-id');
  assert.ok(id, 'the gateway gave the session an id');
  return id;
}

describe('HTTP gateway: sessions of clients that went away', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    const document = {
      mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
    };
    under = await startHttpGateway(document, scratch.path, {}, { idleSessionMs: IDLE_MS });
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('closes a session left idle, and its id then gets 404 so the client starts a new one', async () => {
    const before = under.http.sessionCount();
    const id = await initializeAndVanish(under.http.url, under.headers);
    assert.equal(under.http.sessionCount(), before + 1);
    assert.ok(await eventually(() => under.http.sessionCount() === before), 'the idle session was closed');
    const again = await fetch(under.http.url, {
      method: 'POST',
      headers: {
        ...under.headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': id,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    assert.equal(again.status, 404);
  });

  test('keeps the session of a connected client while its notification stream is open', async () => {
    // The SDK client keeps a GET stream open for server notifications: an open request, never idle.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS * 2));
    const { tools } = await under.client.listTools();
    assert.ok(tools.length > 0);
  });
});
