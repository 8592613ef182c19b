import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { HttpIdentity } from '../check-http-access.ts';
import type { Gateway } from '../create-gateway.ts';
import { openHttpSession, replayInitialize, type HttpSession, type HttpSessionOptions } from '../http-session.ts';
import { followStoredStream } from './follow-stored-stream.ts';
import type { ClusterStore } from './open-cluster-store.ts';
import { closedSessionsChannel, createSessionRecords, MAX_SESSION_RECORD_BYTES, type SessionRecord } from './session-records.ts';
import { createSharedEventStore, parseEventId, readStreamRecord, standaloneStreamKey } from './shared-event-store.ts';

/** An HTTP answer refusing a request: its status and a message saying what to do. */
export interface ClusterRefusal {
  readonly status: number;
  readonly message: string;
}

/**
 * What `serveHttp` does differently in a cluster: sessions are opened in the shared records (the cap
 * counted across instances), taken over from them when another instance opened them, removed from
 * them on DELETE, and a stream another instance wrote is followed from the shared event store.
 */
export interface ClusterSessions {
  /** Records a new session (`body` holds its initialize, `identity` whose token opened it) if the cluster's cap allows; a refusal otherwise. */
  open(id: string, body: unknown, identity: HttpIdentity): Promise<ClusterRefusal | undefined>;
  /**
   * What a session of the cluster is opened with, here or taken over from another instance: its
   * shared event store, and its record's removal before a client's DELETE is answered.
   */
  sessionOptionsFor(id: string): Required<Pick<HttpSessionOptions, 'eventStore' | 'onEndedByClient'>>;
  /** A request of a session arrived: its record's expiry moves on (in the background, throttled). */
  touch(id: string): void;
  /** This instance dropped a session (idle): the record stays for the others. */
  forget(id: string): void;
  /** A session whose first request was not an initialize: its record goes. */
  discard(id: string): Promise<void>;
  /**
   * Answers a request this instance does not hold the state for, and resolves true; false leaves it
   * to the session's own transport. Handled here: a GET with a Last-Event-ID of a stream another
   * instance (or an earlier run) wrote, and a DELETE of a session held elsewhere.
   */
  handleElsewhere(id: string, identity: HttpIdentity, request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /**
   * Takes over a session another instance opened, from its record: the session, or why not. A session
   * another identity opened is answered as unknown (404), as serveHttp answers it for a session it holds.
   */
  takeOver(id: string, identity: HttpIdentity): Promise<HttpSession | ClusterRefusal>;
  close(): void;
}

export interface ClusterSessionsOptions {
  readonly maxSessions: number;
  readonly idleSessionMs: number;
  /** The sessions this instance holds, by id (serveHttp's own map). */
  readonly sessions: Map<string, HttpSession>;
  /** The Host values the gateway accepts: known once it listens. */
  readonly allowedHosts: () => readonly string[];
  /** Counts a request of a session held here as in flight until its response closes. */
  readonly track: (session: HttpSession, response: ServerResponse) => void;
}

export function createClusterSessions(gateway: Gateway, store: ClusterStore, options: ClusterSessionsOptions): ClusterSessions {
  const { sessions } = options;
  const records = createSessionRecords(store, { maxSessions: options.maxSessions, idleMs: options.idleSessionMs });
  const scope = gateway.toolsets === undefined ? null : [...gateway.toolsets].sort();
  const takingOver = new Map<string, Promise<HttpSession | ClusterRefusal>>();
  const unknown: ClusterRefusal = { status: 404, message: 'Unknown or expired MCP session; initialize a new one' };
  /** Whether a record belongs to the identity asking (both unnamed, or the same named client). */
  const owns = (record: SessionRecord, identity: HttpIdentity): boolean => (record.client ?? undefined) === identity.client;
  /** The records of the sessions held here, to write back when the store lost them. */
  const heldRecords = new Map<string, SessionRecord>();
  const unreachable = (what: string): ClusterRefusal => ({
    status: 503,
    message: `the shared store (${store.config.displayUrl}) cannot be reached, so ${what}; sessions this instance holds go on. Try again shortly`,
  });

  // Every instance drops a session the moment its client ends it on any of them.
  const subscriber = store.duplicate();
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, id: string) => {
    const session = sessions.get(id);
    if (session === undefined) return;
    sessions.delete(id);
    records.forget(id);
    void session.connection.close().catch(() => undefined);
  });
  void subscriber.subscribe(closedSessionsChannel(store)).catch(() => undefined);

  /** Frees a session's place in the cap and drops its record, every instance dropping the session (a client's DELETE, a discarded session; idempotent, never throws). */
  const removeRecord = async (id: string): Promise<void> => {
    heldRecords.delete(id);
    await records.remove(id).catch(() => undefined);
  };
  const sessionOptionsFor = (id: string): Required<Pick<HttpSessionOptions, 'eventStore' | 'onEndedByClient'>> => ({
    eventStore: createSharedEventStore(store, id, { ttlMs: options.idleSessionMs }),
    onEndedByClient: () => removeRecord(id),
  });
  const hold = (session: HttpSession, record: SessionRecord): void => {
    const previous = session.connection.server.onclose;
    session.connection.server.onclose = () => {
      previous?.();
      sessions.delete(session.id);
      heldRecords.delete(session.id);
    };
    sessions.set(session.id, session);
    heldRecords.set(session.id, record);
  };
  // A Redis that comes back empty (restarted without persistence) gets the records of the sessions held here.
  const stopWatching = store.onStatusChange((status) => {
    if (!status.reachable) return;
    for (const [id, record] of heldRecords) {
      if (sessions.has(id)) void records.restore(record);
      else heldRecords.delete(id);
    }
  });

  const takeOver = async (id: string, identity: HttpIdentity): Promise<HttpSession | ClusterRefusal> => {
    let record: SessionRecord | undefined;
    try {
      record = await records.read(id);
    } catch {
      return unreachable(`this instance cannot continue MCP session ${id}, which another instance opened`);
    }
    if (record === undefined || !owns(record, identity)) return unknown;
    const recordScope = record.scope === null ? null : [...record.scope].sort();
    if (JSON.stringify(recordScope) !== JSON.stringify(scope)) {
      return {
        status: 404,
        message: `MCP session ${id} was opened on an instance limited to ${describeScope(recordScope)}, and this one serves ${describeScope(scope)}; initialize a new session`,
      };
    }
    const session = await openHttpSession(gateway, id, {
      allowedHosts: options.allowedHosts(),
      identity,
      ...sessionOptionsFor(id),
    });
    const host = options.allowedHosts()[0] ?? '127.0.0.1';
    if (!(await replayInitialize(session, record.initialize, host).catch(() => false))) {
      await session.connection.close().catch(() => undefined);
      return {
        status: 404,
        message: `MCP session ${id} cannot be continued on this instance (its initialize request could not be replayed); initialize a new session`,
      };
    }
    hold(session, record);
    return session;
  };

  /** Follows a stream another instance wrote; for a standalone one, this instance's own stream goes on after it. */
  const resume = async (
    id: string,
    identity: HttpIdentity,
    request: IncomingMessage,
    response: ServerResponse,
    lastEventId: string,
  ): Promise<boolean> => {
    const position = parseEventId(lastEventId);
    if (position === undefined) return false;
    let stream: Awaited<ReturnType<typeof readStreamRecord>>;
    let record: SessionRecord | undefined;
    try {
      stream = await readStreamRecord(store, id, position.stream);
      record = await records.read(id);
    } catch {
      replyError(response, unreachable('a stream cannot be resumed now'));
      return true;
    }
    const mine = position.stream === standaloneStreamKey(store.incarnation) || stream?.owner === store.incarnation;
    if (mine && sessions.has(id)) return false;
    if (record === undefined || !owns(record, identity)) {
      replyError(response, unknown);
      return true;
    }
    if (stream === undefined) {
      replyError(response, {
        status: 404,
        message: `The events after Last-Event-ID ${JSON.stringify(lastEventId)} are no longer kept; send the request again`,
      });
      return true;
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'mcp-session-id': id,
    });
    response.flushHeaders();
    const sink = {
      send: (eventId: string, message: JSONRPCMessage) =>
        void response.write(`event: message\nid: ${eventId}\ndata: ${JSON.stringify(message)}\n\n`),
      closed: () => response.destroyed || response.writableEnded,
    };
    let outcome: Awaited<ReturnType<typeof followStoredStream>>;
    try {
      outcome = await followStoredStream(store, id, position, stream, sink);
    } catch {
      response.end();
      return true;
    }
    if (outcome.kind !== 'standalone' || sink.closed()) {
      response.end();
      return true;
    }
    // The client's notification stream: what the old one held was sent; this instance's own goes on.
    let session = sessions.get(id);
    if (session === undefined) {
      const takenOver = await takeOverOnce(id, identity);
      if ('status' in takenOver) {
        response.end();
        return true;
      }
      session = takenOver;
    }
    options.track(session, response);
    await session.handle(request, response, undefined, { omitHeaders: ['last-event-id'], headersSent: true });
    return true;
  };

  const takeOverOnce = async (id: string, identity: HttpIdentity): Promise<HttpSession | ClusterRefusal> => {
    const held = sessions.get(id);
    if (held !== undefined) return held;
    let pending = takingOver.get(id);
    if (pending === undefined) {
      pending = takeOver(id, identity).finally(() => takingOver.delete(id));
      takingOver.set(id, pending);
    }
    // Two requests taking the same session over at once share one take-over, each checked for its identity.
    const taken = await pending;
    return 'status' in taken || taken.identity.client === identity.client ? taken : unknown;
  };

  return {
    async open(id, body, identity) {
      const record: SessionRecord = {
        format: 1,
        id,
        openedBy: store.incarnation,
        opened: new Date().toISOString(),
        scope,
        ...(identity.client === undefined ? {} : { client: identity.client }),
        initialize: initializeParams(body),
      };
      const opening = await records.open(record);
      if (opening === 'opened') {
        heldRecords.set(id, record);
        return undefined;
      }
      if (opening === 'full') {
        return {
          status: 503,
          message: `the gateway's instances have ${options.maxSessions} open MCP sessions between them, its http.max_sessions; close one (HTTP DELETE with its Mcp-Session-Id) or raise the limit`,
        };
      }
      if (opening === 'too-large') {
        return {
          status: 400,
          message: `the initialize request's params are over ${MAX_SESSION_RECORD_BYTES / 1024} KB; a cluster keeps them so that any instance can continue the session, so send less`,
        };
      }
      return unreachable('the session cap (http.max_sessions) cannot be counted across instances and new sessions are refused');
    },
    sessionOptionsFor,
    touch: (id) => records.touch(id),
    forget(id) {
      records.forget(id);
      heldRecords.delete(id);
    },
    discard: removeRecord,
    async handleElsewhere(id, identity, request, response) {
      const lastEventId = request.headers['last-event-id'];
      if (request.method === 'GET' && typeof lastEventId === 'string' && lastEventId !== '')
        return resume(id, identity, request, response, lastEventId);
      if (request.method !== 'DELETE' || sessions.has(id)) return false;
      let record: SessionRecord | undefined;
      try {
        record = await records.read(id);
        // Another identity's session is left alone: the caller answers it as unknown.
        if (record !== undefined && !owns(record, identity)) return false;
        if (record !== undefined) await records.remove(id);
      } catch {
        replyError(response, unreachable(`MCP session ${id} cannot be ended now`));
        return true;
      }
      if (record === undefined) return false;
      response.writeHead(200).end();
      return true;
    },
    takeOver: takeOverOnce,
    close() {
      stopWatching();
      subscriber.disconnect();
    },
  };
}

/** The params of the initialize request in a body (a message or a batch). */
function initializeParams(body: unknown): unknown {
  const messages = Array.isArray(body) ? body : [body];
  const initialize = messages.find(
    (message) => typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize',
  ) as { params?: unknown } | undefined;
  return initialize?.params ?? {};
}

function describeScope(scope: readonly string[] | null): string {
  return scope === null ? 'all servers' : `the toolsets ${scope.join(', ')}`;
}

function replyError(response: ServerResponse, refusal: ClusterRefusal): void {
  response.writeHead(refusal.status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: refusal.message }, id: null }));
}
