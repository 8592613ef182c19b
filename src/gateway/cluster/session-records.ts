import type { ClusterStore } from './open-cluster-store.ts';

/**
 * What every instance needs to answer an MCP session another instance opened: the client's own
 * initialize request (replayed into a fresh server, it restores the protocol version and the client's
 * capabilities), the scope the session was opened with and who opened it.
 */
export interface SessionRecord {
  readonly format: 1;
  readonly id: string;
  /** The incarnation that opened it (see ClusterStore.incarnation). */
  readonly openedBy: string;
  /** ISO time it was opened. */
  readonly opened: string;
  /** The toolsets the session is limited to (the gateway's `--toolsets`); null for all. */
  readonly scope: readonly string[] | null;
  /** The named client that opened it (`http.clients`), when clients are named. */
  readonly client?: string;
  /** The `params` of the client's initialize request, as it sent them. */
  readonly initialize: unknown;
}

/** The most bytes of a session record: an initialize request is small, and a huge one is not kept. */
export const MAX_SESSION_RECORD_BYTES = 64 * 1024;

/** How opening a session in the shared records went. */
export type SessionOpening = 'opened' | 'full' | 'too-large' | 'unavailable';

/** The shared session records and the session cap, counted across every instance. */
export interface SessionRecords {
  /** Adds a session if fewer than `maxSessions` are open in the cluster, in one atomic step. */
  open(record: SessionRecord): Promise<SessionOpening>;
  /** The record of a session, undefined when there is none (never opened, closed or expired); throws when the store cannot say. */
  read(id: string): Promise<SessionRecord | undefined>;
  /** Keeps a session from expiring for another `idleMs`; at most one write per session every `idleMs / 10`. Never throws. */
  touch(id: string): void;
  /** Removes a session for good (HTTP DELETE): every instance forgets it. Throws when the store cannot do it. */
  remove(id: string): Promise<void>;
  /** Sessions open in the cluster now; throws when the store cannot say. */
  count(): Promise<number>;
  /**
   * Writes back the record of a session this instance still holds, unless the store has one (after
   * Redis lost its data: a restart without persistence). It counts against the cap again, above it if
   * need be: an open session is never dropped for the cap. Never throws.
   */
  restore(record: SessionRecord): Promise<void>;
  /** Forgets what this instance remembers of a session it no longer holds (the record stays). */
  forget(id: string): void;
}

export interface SessionRecordOptions {
  /** The cap across the cluster (`http.max_sessions`). */
  readonly maxSessions: number;
  /** A session nobody used for this long expires (`http.idle_session_ms`). */
  readonly idleMs: number;
}

/**
 * The cap and the record in one step, by the store's clock: expired sessions are dropped from the
 * count, and the new one is added only while fewer than the cap remain. KEYS: the open set, the
 * record; ARGV: id, cap, idle ms, record JSON. Returns 1 when added, 0 when full.
 */
const OPEN_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('SET', KEYS[2], ARGV[4], 'PX', ARGV[3])
return 1`;
/** Pushes a session's expiry back, if it still exists. KEYS: the open set, the record; ARGV: id, idle ms. */
const TOUCH_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('PEXPIRE', KEYS[2], ARGV[2]) == 1 then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  return 1
end
redis.call('ZREM', KEYS[1], ARGV[1])
return 0`;
/** Adds a record and its place in the open set unless it is there. KEYS: the open set, the record; ARGV: id, idle ms, record JSON. */
const RESTORE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('SET', KEYS[2], ARGV[3], 'PX', ARGV[2], 'NX') then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
  return 1
end
return 0`;
/** Sessions whose expiry is still ahead. KEYS: the open set. */
const COUNT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')`;

/** The channel a removed session's id is published on, so instances holding it drop it too. */
export function closedSessionsChannel(store: ClusterStore): string {
  return store.key('closed-sessions');
}

/**
 * Session records in the cluster's Redis: `sessions` (a sorted set of ids by expiry, which is what the
 * cap counts) and `session:<id>` (the record, expiring with it).
 */
export function createSessionRecords(store: ClusterStore, options: SessionRecordOptions): SessionRecords {
  const openSet = store.key('sessions');
  const recordKey = (id: string): string => store.key('session', id);
  const touched = new Map<string, number>();
  const touchEveryMs = Math.max(1, Math.floor(options.idleMs / 10));
  const failed = <T>(error: unknown): T => {
    store.reportFailure(error);
    throw error;
  };
  return {
    async open(record) {
      const text = JSON.stringify(record);
      if (Buffer.byteLength(text) > MAX_SESSION_RECORD_BYTES) return 'too-large';
      if (!store.status().reachable) return 'unavailable';
      try {
        const added = await store.redis.eval(
          OPEN_SCRIPT,
          2,
          openSet,
          recordKey(record.id),
          record.id,
          String(options.maxSessions),
          String(options.idleMs),
          text,
        );
        if (added !== 1) return 'full';
        touched.set(record.id, Date.now());
        return 'opened';
      } catch (error) {
        store.reportFailure(error);
        return 'unavailable';
      }
    },
    async read(id) {
      const text = await store.redis.get(recordKey(id)).catch(failed<string | null>);
      if (text === null) return undefined;
      try {
        const record = JSON.parse(text) as SessionRecord;
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a record read from Redis may be another version's or written by anyone who can write there
        return record.format === 1 && record.id === id ? record : undefined;
      } catch {
        return undefined;
      }
    },
    touch(id) {
      const now = Date.now();
      if (now - (touched.get(id) ?? 0) < touchEveryMs) return;
      touched.set(id, now);
      store.redis.eval(TOUCH_SCRIPT, 2, openSet, recordKey(id), id, String(options.idleMs)).catch((error: unknown) => {
        touched.delete(id);
        store.reportFailure(error);
      });
    },
    async remove(id) {
      touched.delete(id);
      await store.redis
        .multi()
        .zrem(openSet, id)
        .del(recordKey(id))
        .publish(closedSessionsChannel(store), id)
        .exec()
        .catch(failed<unknown>);
    },
    async restore(record) {
      await store.redis
        .eval(RESTORE_SCRIPT, 2, openSet, recordKey(record.id), record.id, String(options.idleMs), JSON.stringify(record))
        .catch((error: unknown) => store.reportFailure(error));
    },
    forget(id) {
      touched.delete(id);
    },
    async count() {
      return Number(await store.redis.eval(COUNT_SCRIPT, 1, openSet).catch(failed<unknown>));
    },
  };
}
