import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkHttpAccess, digestToken, identifyRequest, type HttpAccessPolicy, type HttpIdentity } from './check-http-access.ts';
import type { Gateway } from './create-gateway.ts';
import { openHttpSession, type HttpSession } from './http-session.ts';
import { createClusterSessions, type ClusterSessions } from './cluster/cluster-sessions.ts';
import type { ClusterStore } from './cluster/open-cluster-store.ts';
import { healthReport, HEALTH_PATH } from './health-report.ts';
import { DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_SESSIONS, unusableTokenReason, type HttpClientToken } from './http-config.ts';
import { createSharedActivity } from './cluster/shared-activity.ts';
import { createSharedFailedTokenThrottle } from './cluster/shared-token-throttle.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { messageOf } from '../errors/message-of.ts';
import { createLiveView, type LiveView, type LiveViewOptions } from './live-view/create-live-view.ts';
import { largeRequestBody, MAX_REQUEST_BODY_BYTES, readRequestJson, startsSession } from './read-request-json.ts';
import { createFailedTokenThrottle, DEFAULT_FAILED_TOKEN_LIMIT } from './failed-token-throttle.ts';

/** The address the gateway listens on: loopback only, since it can run the user's tools. */
export const GATEWAY_HTTP_HOST = '127.0.0.1';
export const GATEWAY_HTTP_PATH = '/mcp';

/** The answer to a request that has no Mcp-Session-Id and is not an initialize: what to send instead. */
export const MISSING_SESSION_MESSAGE =
  'No MCP session: a request without an Mcp-Session-Id header must be an initialize request. Send initialize first ' +
  "(headers 'Content-Type: application/json' and 'Accept: application/json, text/event-stream'), then send the " +
  'Mcp-Session-Id header of its response, with the same Accept header, on every later request';

/**
 * How the HTTP gateway lets clients in. Give `token`, or say `allowUnauthenticated: true` to serve
 * without one: anything on this machine could then run the user's tools, so it is never the default.
 */
export interface HttpGatewayOptions {
  /**
   * The bearer token every request must carry (`Authorization: Bearer <token>`), initialize and every
   * later request alike. Compared in constant time, never logged or echoed. Required unless
   * `allowUnauthenticated` is true.
   */
  readonly token?: string | undefined;
  /**
   * Named client tokens (`http.clients`), accepted beside `token` (or instead of it). Each session is
   * bound to the identity whose token opened it: `token`'s, or one client's. A request on a session
   * with another identity's token is answered as for an unknown session (404), DELETE included, so a
   * client can neither use nor end another's session. Names must be unique ignoring case, tokens
   * usable and distinct. @default []
   */
  readonly clients?: readonly HttpClientToken[];
  /** Serve without a token (only when neither `token` nor `clients` is given). @default false */
  readonly allowUnauthenticated?: boolean;
  /**
   * Browser origins let in besides the loopback ones, as browsers send them (`https://app.example.com`).
   * Requests without an `Origin` header are never refused for it. @default []
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * The most MCP sessions open at once; one more initialize gets 503 (after idle sessions are closed to
   * make room). @default DEFAULT_MAX_SESSIONS (100)
   */
  readonly maxSessions?: number;
  /**
   * A session with no request in flight (an open notification stream counts) and none for this long is
   * closed: it belongs to a client that went away without ending its session. That client gets 404 on
   * its next request and, as MCP clients do, initializes a new session. @default DEFAULT_IDLE_SESSION_MS (30 minutes)
   */
  readonly idleSessionMs?: number;
  /**
   * Also serve the live view (live-view/) at `/`: the page opens only for a browser signed in with a
   * one-time code (its own cookie; the bearer token plays no part), whatever the MCP endpoint allows.
   * `allowedOrigins` is the gateway's. Absent: only the MCP endpoint.
   */
  readonly liveView?: Omit<LiveViewOptions, 'allowedOrigins'>;
  /** The gateway's log, one line at a time (stderr when serving): when failed token attempts are held back. @default ignore */
  readonly log?: (line: string) => void;
  /**
   * The cluster's shared store (cluster/open-cluster-store.ts), when the config has a `cluster` block:
   * sessions, resumable streams and the session cap are then shared with the other instances. Absent:
   * everything stays in this process.
   */
  readonly cluster?: ClusterStore;
}

export interface HttpGateway {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: URL;
  /** Whether requests must carry the bearer token. */
  readonly requiresToken: boolean;
  /** The live view's address (`http://127.0.0.1:<port>/`, no secret in it), when it is served. */
  readonly liveViewUrl?: URL;
  /** The live view, when it is served: its sign-in code (`signInCode()`), its streams. */
  readonly liveView?: LiveView;
  /** MCP sessions this process holds now (in a cluster, other instances hold theirs). */
  sessionCount(): number;
  /** Closes every session and stops listening; the gateway itself stays open. */
  close(): Promise<void>;
}

/**
 * Serves the gateway over Streamable HTTP at `http://127.0.0.1:<port>/mcp` (port 0 picks a free one).
 * Each MCP session (one `initialize`) gets its own core session, whose id is the MCP session id. Every
 * request is checked, in this order: its `Host` header (loopback only: DNS rebinding protection), its
 * `Origin` (absent, loopback or listed, else 403), its bearer token (else 401), and a new session
 * against `maxSessions` (else 503). Throws a ToolSearchError when neither a usable token nor
 * `allowUnauthenticated: true` is given.
 */
export async function serveHttp(gateway: Gateway, port: number, options: HttpGatewayOptions): Promise<HttpGateway> {
  const token = options.token;
  const clients = options.clients ?? [];
  if (token === undefined && clients.length === 0 && options.allowUnauthenticated !== true) {
    throw new ToolSearchError(
      'invalid_config_file',
      'serveHttp needs a token (or clients), or allowUnauthenticated: true to serve without one',
    );
  }
  const tokenProblem = token === undefined ? undefined : unusableTokenReason(token);
  if (tokenProblem !== undefined) throw new ToolSearchError('invalid_config_file', `serveHttp: the token ${tokenProblem}`);
  const clientProblem = clientsProblem(clients, token);
  if (clientProblem !== undefined) throw new ToolSearchError('invalid_config_file', `serveHttp: ${clientProblem}`);
  const idleSessionMs = options.idleSessionMs ?? DEFAULT_IDLE_SESSION_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new Map<string, HttpSession>();
  // Sessions whose initialize is being handled: counted against the cap before they are in `sessions`.
  let opening = 0;
  let policy: HttpAccessPolicy = {
    allowedHosts: [],
    allowedOrigins: [...(options.allowedOrigins ?? [])],
    tokenDigest: token === undefined ? undefined : digestToken(token),
    clients: clients.map((client) => ({ name: client.name, digest: digestToken(client.token) })),
  };

  // A request counts from its arrival until its response closes (a notification stream stays open).
  const track = (session: HttpSession, response: ServerResponse): void => {
    session.inFlight++;
    session.lastSeen = Date.now();
    cluster?.touch(session.id);
    response.once('close', () => {
      session.inFlight--;
      session.lastSeen = Date.now();
    });
  };
  const cluster: ClusterSessions | undefined =
    options.cluster === undefined
      ? undefined
      : createClusterSessions(gateway, options.cluster, {
          maxSessions,
          idleSessionMs,
          sessions,
          allowedHosts: () => policy.allowedHosts,
          track,
        });
  const closeIdleSessions = (): void => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (session.inFlight > 0 || now - session.lastSeen < idleSessionMs) continue;
      sessions.delete(id);
      cluster?.forget(id);
      void session.connection.close().catch(() => undefined);
    }
  };
  const sweeper = setInterval(closeIdleSessions, Math.max(10, Math.min(idleSessionMs / 2, 60_000)));
  sweeper.unref();

  const log = options.log ?? (() => undefined);
  const failedTokens = createFailedTokenThrottle();
  // In a cluster, failed attempts are counted across the instances (this instance's own count while the store is down).
  const sharedFailedTokens = options.cluster === undefined ? undefined : createSharedFailedTokenThrottle(options.cluster, failedTokens);
  let holdingBack = false;
  /**
   * A request whose token is wrong or missing: 401 while such requests are few, 429 with Retry-After
   * past DEFAULT_FAILED_TOKEN_LIMIT a minute (logged once per episode). Requests with the right token
   * are never counted, so they keep working throughout.
   */
  const refuseToken = async (
    response: ServerResponse,
    refusal: { status: number; message: string; headers: Readonly<Record<string, string>> },
  ): Promise<void> => {
    const wait = sharedFailedTokens === undefined ? failedTokens.fail(Date.now()) : await sharedFailedTokens.fail(Date.now());
    if (wait !== undefined && !holdingBack) {
      log(
        `warning: ${DEFAULT_FAILED_TOKEN_LIMIT + 1} requests with a wrong or missing bearer token in the last minute: ` +
          'answering such requests 429 until they slow down (the right token keeps working)',
      );
    }
    holdingBack = wait !== undefined;
    if (wait === undefined) return reply(response, refusal.status, refusal.message, refusal.headers);
    reply(
      response,
      429,
      `Too many requests with a wrong or missing bearer token (over ${DEFAULT_FAILED_TOKEN_LIMIT} in the last minute); try again in ${wait} s with the right token`,
      { 'retry-after': String(wait) },
    );
  };

  const openSession = async (request: IncomingMessage, response: ServerResponse, body: unknown, identity: HttpIdentity): Promise<void> => {
    if (sessions.size + opening >= maxSessions) closeIdleSessions();
    if (cluster === undefined && sessions.size + opening >= maxSessions) {
      return reply(
        response,
        503,
        `the gateway has ${maxSessions} open MCP sessions, its http.max_sessions; close one (HTTP DELETE with its Mcp-Session-Id) or raise the limit`,
      );
    }
    opening++;
    const id = randomUUID();
    let session: HttpSession;
    try {
      // In a cluster the cap is counted across every instance, together with the session's record.
      const refusal = cluster === undefined ? undefined : await cluster.open(id, body, identity);
      if (refusal !== undefined) return reply(response, refusal.status, refusal.message);
      session = await openHttpSession(gateway, id, {
        allowedHosts: policy.allowedHosts,
        identity,
        ...cluster?.sessionOptionsFor(id),
      }).catch(async (error: unknown) => {
        // Its place in the cluster's cap is given back at once, not when the record expires.
        await cluster?.discard(id);
        throw error;
      });
      const previous = session.connection.server.onclose;
      session.connection.server.onclose = () => {
        previous?.();
        sessions.delete(id);
      };
      sessions.set(id, session);
    } finally {
      opening--;
    }
    track(session, response);
    await session.handle(request, response, body);
    // A first request that was not an initialize leaves no session behind.
    if (session.transport.sessionId === undefined) {
      sessions.delete(id);
      await session.connection.close();
      await cluster?.discard(id);
    }
  };

  // In a cluster the live views share one feed: every instance's calls on every instance's page.
  const sharedActivity = options.cluster === undefined ? undefined : createSharedActivity(options.cluster);
  const liveView =
    options.liveView === undefined
      ? undefined
      : createLiveView(gateway, {
          ...options.liveView,
          allowedOrigins: options.allowedOrigins ?? [],
          ...(sharedActivity === undefined ? {} : { cluster: { feed: sharedActivity, notices: () => clusterNotices(options.cluster!) } }),
        });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    // The balancer's health check: no token and no Host check, so it says nothing a stranger could use.
    if (url.pathname === HEALTH_PATH) {
      const health = healthReport(gateway, options.cluster);
      return replyJson(response, health.status === 'ok' || health.status === 'degraded' ? 200 : 503, health);
    }
    if (url.pathname !== GATEWAY_HTTP_PATH && liveView !== undefined) return liveView.handle(request, response, policy.allowedHosts, bound);
    if (url.pathname !== GATEWAY_HTTP_PATH) return reply(response, 404, `Not found: the MCP endpoint is ${GATEWAY_HTTP_PATH}`);
    const refusal = checkHttpAccess(
      { host: request.headers.host, origin: request.headers.origin, authorization: request.headers.authorization },
      policy,
    );
    if (refusal?.status === 401) {
      refuseToken(response, refusal).catch(() => {
        if (!response.headersSent) reply(response, 401, refusal.message, refusal.headers);
      });
      return;
    }
    if (refusal !== undefined) return reply(response, refusal.status, refusal.message, refusal.headers);
    const identity = identifyRequest(request.headers.authorization, policy) ?? { client: undefined };
    const header = request.headers['mcp-session-id'];
    const sessionId = Array.isArray(header) ? header[0] : header;
    const handle = async (): Promise<void> => {
      // Every JSON body is read here, within the size and shape bounds, before the SDK parses or walks it.
      let body: unknown;
      let large = false;
      if (request.method === 'POST' && /^application\/json\b/i.test(request.headers['content-type'] ?? '')) {
        const read = await readRequestJson(request);
        if (read.kind === 'too-large') return reply(response, 413, `the request body is over ${MAX_REQUEST_BODY_BYTES} bytes`);
        if (read.kind === 'invalid') return reply(response, 400, 'Parse error: the request body is not valid JSON');
        if (read.kind === 'refused') return replyJson(response, 400, read.refusal);
        body = read.value;
        large = read.large;
      }
      if (sessionId !== undefined) {
        // In a cluster: a resumed stream another instance wrote, a session another instance opened, a DELETE of one.
        if (cluster !== undefined && (await cluster.handleElsewhere(sessionId, identity, request, response))) return;
        let session = sessions.get(sessionId);
        if (session === undefined && cluster !== undefined) {
          const takenOver = await cluster.takeOver(sessionId, identity);
          if ('status' in takenOver) return reply(response, takenOver.status, takenOver.message);
          session = takenOver;
        }
        // Another identity's session is answered as one that does not exist: it may not learn otherwise.
        if (session === undefined || session.identity.client !== identity.client)
          return reply(response, 404, 'Unknown or expired MCP session; initialize a new one');
        track(session, response);
        const handled = () => session.handle(request, response, body);
        // A DELETE's record is removed before it is answered (onEndedByClient), by whichever instance holds the session.
        await (large ? largeRequestBody.run(true, handled) : handled());
        return;
      }
      if (request.method !== 'POST') return reply(response, 400, 'Start an MCP session with a POST initialize request');
      // Other content types go to the transport as they are, which refuses them with its own message.
      if (body === undefined) return openSession(request, response, undefined, identity);
      if (!startsSession(body)) return reply(response, 400, MISSING_SESSION_MESSAGE);
      return openSession(request, response, body, identity);
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
  policy = { ...policy, allowedHosts: [`${GATEWAY_HTTP_HOST}:${bound}`, `localhost:${bound}`] };
  return {
    url: new URL(`http://${GATEWAY_HTTP_HOST}:${bound}${GATEWAY_HTTP_PATH}`),
    requiresToken: policy.tokenDigest !== undefined || clients.length > 0,
    ...(liveView === undefined ? {} : { liveViewUrl: new URL(`http://${GATEWAY_HTTP_HOST}:${bound}/`), liveView }),
    sessionCount: () => sessions.size,
    async close() {
      clearInterval(sweeper);
      liveView?.close();
      sharedActivity?.close();
      cluster?.close();
      await Promise.all([...sessions.values()].map((session) => session.connection.close().catch(() => undefined)));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Why a list of client tokens cannot be served (names and tokens as resolveHttpConfig requires), or undefined. */
function clientsProblem(clients: readonly HttpClientToken[], token: string | undefined): string | undefined {
  const names = new Set<string>();
  const tokens = new Set<string>(token === undefined ? [] : [token]);
  for (const client of clients) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(client.name))
      return `the client name ${JSON.stringify(client.name.slice(0, 80))} is not 1 to 64 letters, digits, dots, dashes or underscores`;
    if (names.has(client.name.toLowerCase())) return `the client name '${client.name}' is used twice (names are compared ignoring case)`;
    const reason = unusableTokenReason(client.token);
    if (reason !== undefined) return `the token of client '${client.name}' ${reason}`;
    if (tokens.has(client.token))
      return `the token of client '${client.name}' is also another identity's; give each client a token of its own`;
    names.add(client.name.toLowerCase());
    tokens.add(client.token);
  }
  return undefined;
}

function reply(response: ServerResponse, status: number, message: string, headers: Readonly<Record<string, string>> = {}): void {
  replyJson(response, status, { jsonrpc: '2.0', error: { code: -32000, message }, id: null }, headers);
}

function replyJson(response: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}): void {
  response.writeHead(status, { ...headers, 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** What the live view says about a cluster's store that does not answer (nothing while it does). */
function clusterNotices(store: ClusterStore): string[] {
  const status = store.status();
  if (status.reachable) return [];
  return [
    `cluster: the shared store (${store.config.displayUrl}) is unreachable (${status.problem ?? 'no answer'}): new sessions are refused; ` +
      `sessions held by this instance (${store.instance}) go on; the feed shows this instance's activity only until it is back`,
  ];
}
