import { AsyncLocalStorage } from 'node:async_hooks';
import type { EventStore } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ClusterStore } from './open-cluster-store.ts';

/** The MCP SDK's id for a session's standalone (GET) stream: the same in every transport. */
export const STANDALONE_STREAM_ID = '_GET_stream';
/** The most events kept per stream (Redis trims the oldest, approximately). */
export const MAX_EVENTS_PER_STREAM = 1_000;

/** A request of an HTTP POST: its JSON-RPC id and method. */
export interface PostedRequest {
  readonly id: string | number;
  readonly method: string;
}

/**
 * What the HTTP handler knows while the SDK handles one HTTP request, read by the event store when a
 * stream starts: which requests the stream will answer. `replaying` is set while an instance replays a
 * client's initialize to take a session over; nothing is stored then.
 */
export interface StreamContext {
  readonly requests: readonly PostedRequest[];
  readonly replaying?: boolean;
}

/** Carries the {@link StreamContext} of the HTTP request being handled into the event store. */
export const streamContext = new AsyncLocalStorage<StreamContext>();

/** Where an event id points: a stream of the session and an entry of it. */
export interface EventPosition {
  /** The stream's key: the SDK's stream id for a POST's stream, `get.<incarnation>` for a standalone one. */
  readonly stream: string;
  /** The Redis stream entry id (`0-7`, or a time-based one for an entry another instance added). */
  readonly entry: string;
}

/** A stream's record: who writes it and which requests it answers (none for a standalone stream). */
export interface StreamRecord {
  readonly owner: string;
  readonly requests: readonly PostedRequest[];
  /** Set once another instance answered the requests its owner left unanswered. */
  readonly abandoned?: string;
}

/** Reads an event id (`<stream>/<entry>`) a client sent as Last-Event-ID; undefined when it is not one of ours. */
export function parseEventId(eventId: string): EventPosition | undefined {
  const match = /^([A-Za-z0-9._-]{1,200})\/(\d{1,20}-\d{1,20})$/.exec(eventId);
  return match === null ? undefined : { stream: match[1]!, entry: match[2]! };
}

/** The key of this incarnation's standalone stream of a session. */
export function standaloneStreamKey(incarnation: string): string {
  return `get.${incarnation}`;
}

/** The Redis keys of one stream of a session: its events (a Redis stream) and its record (a hash). */
export function streamKeys(store: ClusterStore, sessionId: string, stream: string): { readonly events: string; readonly record: string } {
  return { events: store.key('events', sessionId, stream), record: store.key('stream', sessionId, stream) };
}

/** Reads a stream's record; undefined when there is none (never written, or expired). Throws when the store cannot say. */
export async function readStreamRecord(store: ClusterStore, sessionId: string, stream: string): Promise<StreamRecord | undefined> {
  const fields = await store.redis.hgetall(streamKeys(store, sessionId, stream).record);
  if (fields['owner'] === undefined) return undefined;
  let requests: PostedRequest[] = [];
  try {
    const parsed = JSON.parse(fields['requests'] ?? '[]') as unknown;
    if (Array.isArray(parsed)) requests = parsed.filter(isPostedRequest);
  } catch {
    requests = [];
  }
  return { owner: fields['owner'], requests, ...(fields['abandoned'] === undefined ? {} : { abandoned: fields['abandoned'] }) };
}

export interface SharedEventStoreOptions {
  /** How long a stream's events are kept after its last one (the session's idle time). */
  readonly ttlMs: number;
}

/**
 * The MCP SDK's EventStore for one session, kept in the cluster's Redis so that a client reconnecting
 * with Last-Event-ID to any instance gets what it missed. Event ids are made here, in order per stream
 * (`<stream>/0-<n>`), and written in the background: a store that is down or slow never holds a
 * message back (those events cannot be replayed, and the store is reported unreachable). An entry
 * another instance adds to a stream (an answer for a call its owner left unanswered) gets a time-based
 * id, larger than any the owner makes, so the owner's late writes to that stream are refused by Redis.
 */
export function createSharedEventStore(store: ClusterStore, sessionId: string, options: SharedEventStoreOptions): EventStore {
  const ownStandalone = standaloneStreamKey(store.incarnation);
  const streamOf = (streamId: string): string => (streamId === STANDALONE_STREAM_ID ? ownStandalone : streamId);
  const sdkStreamIdOf = (stream: string): string => (stream === ownStandalone ? STANDALONE_STREAM_ID : stream);
  /** Per stream this instance writes: the last entry number, and the requests still unanswered. */
  const written = new Map<string, { last: number; pending: Set<string | number> }>();
  const ttl = String(options.ttlMs);

  return {
    async storeEvent(streamId, message) {
      const stream = streamOf(streamId);
      const context = streamContext.getStore();
      if (context?.replaying === true) return `${stream}/0-0`;
      let state = written.get(stream);
      const first = state === undefined;
      if (state === undefined) {
        const requests = stream === ownStandalone ? [] : (context?.requests ?? []);
        state = { last: 0, pending: new Set(requests.map((request) => request.id)) };
        written.set(stream, state);
      }
      state.last += 1;
      const entry = `0-${state.last}`;
      const keys = streamKeys(store, sessionId, stream);
      const batch = store.redis.pipeline();
      if (first) {
        const requests = stream === ownStandalone ? [] : (context?.requests ?? []);
        batch.hset(keys.record, 'owner', store.incarnation, 'requests', JSON.stringify(requests)).pexpire(keys.record, ttl);
      }
      batch
        .xadd(keys.events, 'MAXLEN', '~', String(MAX_EVENTS_PER_STREAM), entry, 'message', JSON.stringify(message))
        .pexpire(keys.events, ttl)
        .pexpire(keys.record, ttl);
      batch.exec().catch((error: unknown) => store.reportFailure(error));
      // The stream is done once every request it carries is answered: forget its counter.
      const answered = responseId(message);
      if (answered !== undefined) {
        state.pending.delete(answered);
        if (state.pending.size === 0) written.delete(stream);
      }
      return `${stream}/${entry}`;
    },
    async getStreamIdForEventId(eventId) {
      const position = parseEventId(eventId);
      return position === undefined ? undefined : sdkStreamIdOf(position.stream);
    },
    async replayEventsAfter(lastEventId, { send }) {
      const position = parseEventId(lastEventId);
      if (position === undefined)
        throw new Error(`Last-Event-ID ${JSON.stringify(lastEventId.slice(0, 100))} is not an event id of this gateway`);
      const entries = await readEventsAfter(store, sessionId, position);
      for (const event of entries) if (event.message !== undefined) await send(`${position.stream}/${event.entry}`, event.message);
      return sdkStreamIdOf(position.stream);
    },
  };
}

/** One stored event: its entry id and message (undefined for a priming event, which carries none). */
export interface StoredEvent {
  readonly entry: string;
  readonly message: JSONRPCMessage | undefined;
}

/** The events of a stream after `position.entry` (all of them for `0-0`), oldest first. Throws when the store cannot say. */
export async function readEventsAfter(store: ClusterStore, sessionId: string, position: EventPosition): Promise<StoredEvent[]> {
  const { events } = streamKeys(store, sessionId, position.stream);
  const rows = await store.redis.xrange(events, `(${position.entry}`, '+');
  return rows.map(([entry, fields]) => ({ entry, message: messageOf(fields) }));
}

/** The id a message answers, when it is a JSON-RPC response (a result or an error). */
export function responseId(message: JSONRPCMessage | undefined): string | number | undefined {
  if (message === undefined || !('id' in message) || 'method' in message) return undefined;
  return ('result' in message || 'error' in message) && (typeof message.id === 'string' || typeof message.id === 'number')
    ? message.id
    : undefined;
}

function messageOf(fields: readonly string[]): JSONRPCMessage | undefined {
  const at = fields.indexOf('message');
  if (at < 0 || at + 1 >= fields.length) return undefined;
  try {
    const value = JSON.parse(fields[at + 1]!) as unknown;
    // A priming event is stored as {}: it marks the stream's start and carries nothing to replay.
    return typeof value === 'object' && value !== null && 'jsonrpc' in value ? (value as JSONRPCMessage) : undefined;
  } catch {
    return undefined;
  }
}

function isPostedRequest(value: unknown): value is PostedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const { id, method } = value as { id?: unknown; method?: unknown };
  return (typeof id === 'string' || typeof id === 'number') && typeof method === 'string';
}
