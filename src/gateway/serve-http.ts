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

export interface HttpGatewayOptions {
  /**
   * A session with no request in flight (an open notification stream counts) and none for this long is
   * closed: it belongs to a client that went away without ending its session. That client gets 404 on
   * its next request and, as MCP clients do, initializes a new session. @default 30 minutes
   */
  readonly idleSessionMs?: number;
}

/** How long an idle session is kept by default (HttpGatewayOptions.idleSessionMs). */
export const DEFAULT_IDLE_SESSION_MS = 30 * 60_000;

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
export async function serveHttp(gateway: Gateway, port: number, options: HttpGatewayOptions = {}): Promise<HttpGateway> {
  const idleSessionMs = options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS;
  const sessions = new Map<string, HttpSession>();
  let allowedHosts: string[] = [];

  // A request counts from its arrival until its response closes (a notification stream stays open).
  const track = (session: HttpSession, response: ServerResponse): void => {
    session.inFlight++;
    session.lastSeen = Date.now();
    response.once('close', () => {
      session.inFlight--;
      session.lastSeen = Date.now();
    });
  };
  const closeIdleSessions = (): void => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (session.inFlight > 0 || now - session.lastSeen < idleSessionMs) continue;
      sessions.delete(id);
      void session.connection.close().catch(() => undefined);
    }
  };
  const sweeper = setInterval(closeIdleSessions, Math.max(10, Math.min(idleSessionMs / 2, 60_000)));
  sweeper.unref();

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
    const session: HttpSession = { transport, connection, inFlight: 0, lastSeen: Date.now() };
    sessions.set(id, session);
    track(session, response);
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
        track(session, response);
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
      clearInterval(sweeper);
      await Promise.all([...sessions.values()].map((session) => session.connection.close().catch(() => undefined)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface HttpSession {
  readonly transport: StreamableHTTPServerTransport;
  readonly connection: GatewayConnection;
  /** Requests of this session whose response is still open. */
  inFlight: number;
  /** When a request of this session last arrived or ended (ms since the epoch). */
  lastSeen: number;
}

function reply(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
