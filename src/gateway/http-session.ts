import type { IncomingMessage, ServerResponse } from 'node:http';
import { WebStandardStreamableHTTPServerTransport, type EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { HttpIdentity } from './check-http-access.ts';
import { connectGatewayServer, type GatewayConnection } from './connect-gateway-server.ts';
import type { Gateway } from './create-gateway.ts';
import { relayWebResponse, toWebRequest } from './node-web-bridge.ts';
import { streamContext, type PostedRequest } from './cluster/shared-event-store.ts';

/** One MCP session of the HTTP gateway: the SDK's transport, the MCP server over the core session, and its traffic. */
export interface HttpSession {
  readonly id: string;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly connection: GatewayConnection;
  /** Whose token opened it: only requests with that identity's token reach it. */
  readonly identity: HttpIdentity;
  /** Requests of this session whose response is still open. */
  inFlight: number;
  /** When a request of this session last arrived or ended (ms since the epoch). */
  lastSeen: number;
  /**
   * Hands one HTTP request to the transport and relays its answer. `body` is the JSON body the
   * gateway already read and bounded (undefined for none, or another content type). `omitHeaders`
   * leaves request headers out (`last-event-id` when another stream's events were sent first).
   */
  handle(
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    options?: { readonly omitHeaders?: readonly string[]; readonly headersSent?: boolean },
  ): Promise<void>;
}

export interface HttpSessionOptions {
  /** `Host` values the transport accepts (DNS rebinding protection, checked by the gateway first too). */
  readonly allowedHosts: readonly string[];
  /** Whose token opened the session (or, taken over, opened it on another instance). */
  readonly identity: HttpIdentity;
  /** Where the session's stream events are kept for resumption (a cluster's shared store); none in one process. */
  readonly eventStore?: EventStore;
  /**
   * Awaited when the client ends the session (HTTP DELETE), before the transport answers it 200: a
   * cluster frees the session's place in its shared cap first, so that a client told the session
   * ended can open another on any instance at once. Should not throw.
   */
  readonly onEndedByClient?: () => Promise<void>;
}

/**
 * Creates a session with id `id` over the SDK's web-standard Streamable HTTP transport (the gateway
 * reads request bodies itself, so node's request is bridged rather than parsed again). The session
 * is not initialized yet: its first request must be the client's initialize, or
 * {@link replayInitialize} takes it over from a record.
 */
export async function openHttpSession(gateway: Gateway, id: string, options: HttpSessionOptions): Promise<HttpSession> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => id,
    enableDnsRebindingProtection: true,
    allowedHosts: [...options.allowedHosts],
    ...(options.eventStore === undefined ? {} : { eventStore: options.eventStore }),
    ...(options.onEndedByClient === undefined ? {} : { onsessionclosed: options.onEndedByClient }),
  });
  const connection = await connectGatewayServer(
    gateway,
    transport,
    id,
    options.identity.client === undefined ? {} : { client: options.identity.client },
  );
  const session: HttpSession = {
    id,
    transport,
    connection,
    identity: options.identity,
    inFlight: 0,
    lastSeen: Date.now(),
    async handle(request, response, body, handleOptions = {}) {
      const aborted = new AbortController();
      response.once('close', () => aborted.abort());
      const webRequest = toWebRequest(request, {
        bodyRead: body !== undefined,
        signal: aborted.signal,
        ...(handleOptions.omitHeaders === undefined ? {} : { omitHeaders: handleOptions.omitHeaders }),
      });
      const context = { requests: postedRequests(body) };
      const webResponse = await streamContext.run(context, () =>
        transport.handleRequest(webRequest, body === undefined ? undefined : { parsedBody: body }),
      );
      await relayWebResponse(webResponse, response, handleOptions.headersSent === true ? { headersSent: true } : {});
    },
  };
  return session;
}

/**
 * Initializes a fresh session as its client once did, from that client's initialize `params`: the
 * server negotiates the same protocol version and learns the same capabilities (elicitation, ...).
 * Nothing reaches the client or the event store. Resolves false when the server refused the params.
 */
export async function replayInitialize(session: HttpSession, params: unknown, host: string): Promise<boolean> {
  const headers = { host, accept: 'application/json, text/event-stream', 'content-type': 'application/json' };
  const post = (message: unknown): Promise<Response> =>
    streamContext.run({ requests: [], replaying: true }, () =>
      session.transport.handleRequest(new Request(`http://${host}/mcp`, { method: 'POST', headers }), { parsedBody: message }),
    );
  const answer = await post({ jsonrpc: '2.0', id: 'tool-search-take-over', method: 'initialize', params });
  const text = await answer.text();
  if (!answer.ok || !text.includes('"result"')) return false;
  const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await initialized.body?.cancel();
  return true;
}

/** The requests (id and method) in a JSON-RPC body or batch. */
export function postedRequests(body: unknown): PostedRequest[] {
  const messages = Array.isArray(body) ? body : [body];
  return messages.flatMap((message) => {
    if (typeof message !== 'object' || message === null) return [];
    const { id, method } = message as { id?: unknown; method?: unknown };
    return (typeof id === 'string' || typeof id === 'number') && typeof method === 'string' ? [{ id, method }] : [];
  });
}
