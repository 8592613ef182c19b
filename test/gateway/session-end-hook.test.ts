import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { createGateway, createTemporaryFolder, resolveGatewayConfig } from '../../src/gateway/index.ts';
import { openHttpSession } from '../../src/gateway/http-session.ts';
import { createScratchFolder } from './fixtures/gateway-test-support.ts';

// A cluster counts its sessions against http.max_sessions in Redis. A client whose DELETE was answered
// 200 may open a session on another instance at once, so the place must be free before that answer.
describe('an HTTP session ended by its client', () => {
  const scratch = createScratchFolder();
  const temporary = createTemporaryFolder();
  let server: Server | undefined;
  after(() => {
    server?.close();
    temporary.remove();
    scratch.remove();
  });

  test('is answered 200 only after onEndedByClient has finished', async () => {
    const { config } = resolveGatewayConfig({ mcp_servers: {} }, { configDir: scratch.path, tempDir: temporary.path, env: {} });
    const gateway = createGateway({ config });
    const order: string[] = [];
    let release: () => void = () => undefined;
    let session: Awaited<ReturnType<typeof openHttpSession>> | undefined;
    // The gateway reads a POST's JSON body itself and hands it over; other requests go as they are.
    server = createServer((request, response) => {
      if (request.method !== 'POST') return void session!.handle(request, response, undefined);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        void session!.handle(request, response, JSON.parse(text));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const url = `http://${host}/mcp`;
    session = await openHttpSession(gateway, 'session-under-test', {
      allowedHosts: [host],
      identity: { client: undefined },
      onEndedByClient: async () => {
        order.push('hook started');
        await new Promise<void>((resolve) => (release = resolve));
        order.push('hook finished');
      },
    });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const initialize = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
      }),
    });
    assert.equal(initialize.status, 200);
    await initialize.body?.cancel();
    const sessionHeaders = { 'mcp-session-id': 'session-under-test', 'mcp-protocol-version': '2025-06-18' };
    const ending = fetch(url, { method: 'DELETE', headers: sessionHeaders }).then((response) => {
      order.push(`answered ${response.status}`);
      return response;
    });
    while (!order.includes('hook started') && !order.some((event) => event.startsWith('answered')))
      await new Promise((resolve) => setImmediate(resolve));
    release();
    await ending;
    assert.deepEqual(order, ['hook started', 'hook finished', 'answered 200']);
  });
});
