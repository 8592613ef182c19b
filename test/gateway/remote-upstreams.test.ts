import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, EVERYTHING_SERVER, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// Remote upstreams given by `url`: server-everything over Streamable HTTP, and over the older HTTP+SSE
// transport, which the gateway reaches by falling back after Streamable HTTP fails.
describe('remote upstream servers', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  const children: ChildProcess[] = [];

  before(async () => {
    scratch = createScratchFolder();
    const [streamablePort, ssePort] = [await freePort(), await freePort()];
    for (const [mode, port] of [
      ['streamableHttp', streamablePort],
      ['sse', ssePort],
    ] as const) {
      children.push(spawn(process.execPath, [EVERYTHING_SERVER, mode], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' }));
    }
    // The servers may still be starting: the gateway's restart with backoff is what gets them connected.
    under = await startHttpGateway(
      {
        tools: { tool_search: 'off' },
        mcp_servers: {
          streamable: { url: `http://127.0.0.1:${streamablePort}/mcp` },
          legacy: { url: `http://127.0.0.1:${ssePort}/sse` },
        },
      },
      scratch.path,
      { backoff: { initialMs: 200, maxMs: 1_000 } },
    );
    await waitFor(() => under.gateway.statuses().every((status) => status.state === 'connected'), 'both remote servers');
  });
  after(async () => {
    await under?.close();
    for (const child of children) child.kill();
    scratch?.remove();
  });

  test('lists and calls the tools of a Streamable HTTP server and of an SSE-only server', async () => {
    const names = (await under.client.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes('mcp_streamable_echo'));
    assert.ok(names.includes('mcp_legacy_echo'));
    for (const name of ['mcp_streamable_echo', 'mcp_legacy_echo']) {
      const result = await under.client.callTool({ name, arguments: { message: name } });
      assert.deepEqual(result.content, [{ type: 'text', text: `Echo: ${name}` }]);
    }
  });
});
