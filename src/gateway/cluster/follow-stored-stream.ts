import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ClusterStore } from './open-cluster-store.ts';
import {
  readEventsAfter,
  responseId,
  streamKeys,
  type EventPosition,
  type PostedRequest,
  type StreamRecord,
} from './shared-event-store.ts';

/** How often a stream written by another live instance is read again for new events. */
export const FOLLOW_POLL_MS = 200;

/** Where the events of a followed stream go: an SSE response. */
export interface EventSink {
  /** Writes one SSE event. */
  send(eventId: string, message: JSONRPCMessage): void;
  /** True once the client went away: following stops. */
  closed(): boolean;
}

/** How following a stream ended. */
export type FollowOutcome =
  /** Every request of the stream is answered and sent. */
  | { readonly kind: 'answered' }
  /** A standalone stream: what it held after the position was sent; `last` is the last event id sent. */
  | { readonly kind: 'standalone'; readonly last: string | undefined }
  /** The client went away first. */
  | { readonly kind: 'closed' };

export interface FollowOptions {
  /** Waits this long between reads of a stream another live instance writes. @default FOLLOW_POLL_MS */
  readonly pollMs?: number;
  readonly wait?: (ms: number) => Promise<void>;
}

/**
 * Sends a client what a stream of its session holds after `position` (its Last-Event-ID), from the
 * shared store, whichever instance wrote it. For a POST's stream it then waits for the answers still
 * due: while the instance that owns the stream is alive, its new events are read as they arrive; once
 * it is gone (no heartbeat), each request it left unanswered is answered here with an error that says
 * so, written to the stream first, so every instance a client may reach sends the same answer and the
 * request is never run again. `record` is the stream's (readStreamRecord). Throws when the store cannot be read.
 */
export async function followStoredStream(
  store: ClusterStore,
  sessionId: string,
  position: EventPosition,
  record: StreamRecord,
  sink: EventSink,
  options: FollowOptions = {},
): Promise<FollowOutcome> {
  const pollMs = options.pollMs ?? FOLLOW_POLL_MS;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let after = position.entry;
  let last: string | undefined;
  for (;;) {
    if (sink.closed()) return { kind: 'closed' };
    // The whole stream is read each time (it is bounded), to know which requests were answered before the position too.
    const events = await readEventsAfter(store, sessionId, { stream: position.stream, entry: '0-0' });
    const answered = new Set<string | number>();
    for (const event of events) {
      const id = responseId(event.message);
      if (id !== undefined) answered.add(id);
      if (compareEntries(event.entry, after) <= 0) continue;
      after = event.entry;
      if (event.message === undefined) continue;
      last = `${position.stream}/${event.entry}`;
      sink.send(last, event.message);
    }
    if (record.requests.length === 0) return { kind: 'standalone', last };
    const unanswered = record.requests.filter((request) => !answered.has(request.id));
    if (unanswered.length === 0) return { kind: 'answered' };
    const alive = await store.isAlive(record.owner);
    if (alive === false) {
      await answerAbandoned(store, sessionId, position.stream, record.owner, unanswered);
      continue;
    }
    await wait(pollMs);
  }
}

/**
 * Writes, once for the whole cluster, an answer to each request a gone instance left unanswered. A
 * tool call gets a result with `isError` (the model reads it and can decide what to do); any other
 * request a JSON-RPC error. Entries get time-based ids, above any the gone instance could still write.
 */
export async function answerAbandoned(
  store: ClusterStore,
  sessionId: string,
  stream: string,
  owner: string,
  requests: readonly PostedRequest[],
): Promise<void> {
  const keys = streamKeys(store, sessionId, stream);
  const answers = requests.map((request) => JSON.stringify(abandonedAnswer(request, instanceNameOf(owner))));
  await store.redis.eval(ABANDON_SCRIPT, 2, keys.record, keys.events, store.incarnation, ...answers);
}

/** KEYS: the stream's record, its events; ARGV: the answering incarnation, then one message per request. */
const ABANDON_SCRIPT = `
if redis.call('HSETNX', KEYS[1], 'abandoned', ARGV[1]) == 0 then return 0 end
for i = 2, #ARGV do redis.call('XADD', KEYS[2], '*', 'message', ARGV[i]) end
return 1`;

/** The answer to a request whose instance stopped before it answered. */
export function abandonedAnswer(request: PostedRequest, instance: string): JSONRPCMessage {
  const text =
    `The gateway instance '${instance}' that was handling this ${request.method} request stopped before it answered. ` +
    'It was not run again on another instance. ' +
    (request.method === 'tools/call'
      ? 'The tool may or may not have run; check its effect before calling it again.'
      : 'Send the request again.');
  if (request.method === 'tools/call')
    return { jsonrpc: '2.0', id: request.id, result: { content: [{ type: 'text', text }], isError: true } };
  return { jsonrpc: '2.0', id: request.id, error: { code: -32603, message: text } };
}

/** The instance name of an incarnation (`<instance>.<suffix>`). */
export function instanceNameOf(incarnation: string): string {
  const dot = incarnation.lastIndexOf('.');
  return dot < 0 ? incarnation : incarnation.slice(0, dot);
}

/** Orders Redis stream entry ids (`<ms>-<seq>`). */
export function compareEntries(left: string, right: string): number {
  const [leftTime = 0n, leftSequence = 0n] = left.split('-').map((part) => BigInt(part));
  const [rightTime = 0n, rightSequence = 0n] = right.split('-').map((part) => BigInt(part));
  if (leftTime !== rightTime) return leftTime < rightTime ? -1 : 1;
  return leftSequence === rightSequence ? 0 : leftSequence < rightSequence ? -1 : 1;
}
