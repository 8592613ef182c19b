import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { connectGatewayServer, type GatewayConnection } from './connect-gateway-server.ts';
import type { Gateway } from './create-gateway.ts';
import { messageOf } from '../errors/message-of.ts';

/** The address the gateway listens on: loopback only, since it can run the user's tools. */
export const GATEWAY_HTTP_HOST = '127.0.0.1';
export const GATEWAY_HTTP_PATH = '/mcp';

export interface HttpGateway {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: URL;
  /** MCP sessions currently open. */
  sessionCount(): number;
  /** Closes every session and stops listening; the gateway itself stays open. */
  close(): Promise<void>;
}

/**
 * Serves the gateway over Streamable HTTP at `http://127.0.0.1:<port>/mcp` (port 0 picks a free one).
 * Each MCP session (one `initialize`) gets its own core session, whose id is the MCP session id. Host
 * headers other than the loopback address are refused (DNS rebinding protection).
 */
export async function serveHttp(gateway: Gateway, port: number): Promise<HttpGateway> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; connection: GatewayConnection }>();
  let allowedHosts: string[] = [];

  const openSession = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const id = randomUUID();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => id,
      enableDnsRebindingProtection: true,
      allowedHosts,
    });
    const connection = await connectGatewayServer(gateway, transport, id);
    const previous = connection.server.onclose;
    connection.server.onclose = () => {
      previous?.();
      sessions.delete(id);
    };
    sessions.set(id, { transport, connection });
    await transport.handleRequest(request, response);
    // A first request that was not an initialize leaves no session behind.
    if (transport.sessionId === undefined) {
      sessions.delete(id);
      await connection.close();
    }
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== GATEWAY_HTTP_PATH) return reply(response, 404, `Not found: the MCP endpoint is ${GATEWAY_HTTP_PATH}`);
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    const handle = async (): Promise<void> => {
      if (sessionId !== undefined) {
        const session = sessions.get(sessionId);
        if (session === undefined) return reply(response, 404, 'Unknown or expired MCP session; initialize a new one');
        return session.transport.handleRequest(request, response);
      }
      if (request.method !== 'POST') return reply(response, 400, 'Start an MCP session with a POST initialize request');
      return openSession(request, response);
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, messageOf(error));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, GATEWAY_HTTP_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  allowedHosts = [`${GATEWAY_HTTP_HOST}:${bound}`, `localhost:${bound}`];
  return {
    url: new URL(`http://${GATEWAY_HTTP_HOST}:${bound}${GATEWAY_HTTP_PATH}`),
    sessionCount: () => sessions.size,
    async close() {
      await Promise.all([...sessions.values()].map((session) => session.connection.close().catch(() => undefined)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function reply(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
