import type { Redis } from 'ioredis';
import type { SharedFeed } from '../live-view/activity-history.ts';
import type { ClusterStore } from './open-cluster-store.ts';

/** How long one blocking read of the stream waits before it is sent again (so a reader notices it should stop). */
const BLOCK_MS = 2_000;
/** How long a reader waits after a failed read (the store is down) before it tries again. */
const RETRY_MS = 500;

/**
 * One activity stream for the whole cluster (a Redis stream, `activity`, trimmed to
 * `cluster.activity_length` entries): every instance writes its live-view entries (already redacted,
 * with its name), and the live view of any instance reads the others'. The JSON-lines activity log
 * stays per instance.
 */
export interface SharedActivity extends SharedFeed {
  /**
   * Adds one of this instance's entries. Never waits and never throws: with the store down the entry
   * stays in this instance's own live view (and its log).
   */
  publish(entry: object): void;
  /**
   * Follows the other instances' entries from now on; returns the unsubscribe. One reader per
   * instance runs while anyone follows (a second connection, since its reads block).
   */
  subscribe(listener: (entry: unknown) => void): () => void;
  /** Entries this instance could not write since it started (the store was down or slow). */
  dropped(): number;
  close(): void;
}

export function createSharedActivity(store: ClusterStore): SharedActivity {
  const key = store.key('activity');
  const length = String(store.config.activityLength);
  const listeners = new Set<(entry: unknown) => void>();
  let reader: Redis | undefined;
  let dropped = 0;

  const read = async (connection: Redis): Promise<void> => {
    // From the moment of subscribing, by this host's clock (not '$', which would count from whenever the
    // connection is up): entries written meanwhile are not missed, and a read that failed goes on from there.
    let last = `${Date.now()}-0`;
    while (reader === connection) {
      try {
        const batches = (await connection.xread('COUNT', 500, 'BLOCK', BLOCK_MS, 'STREAMS', key, last)) as Array<
          [string, Array<[string, string[]]>]
        > | null;
        for (const [, rows] of batches ?? []) {
          for (const [id, fields] of rows) {
            last = id;
            const entry = entryOf(fields, store.incarnation);
            if (entry !== undefined) for (const listener of [...listeners]) listener(entry);
          }
        }
      } catch {
        if (reader !== connection) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };

  const stopReading = (): void => {
    const connection = reader;
    reader = undefined;
    connection?.disconnect();
  };

  return {
    instance: store.instance,
    publish(entry) {
      if (!store.status().reachable) {
        dropped += 1;
        return;
      }
      const text = JSON.stringify({ ...entry, instance: store.instance });
      store.redis.xadd(key, 'MAXLEN', '~', length, '*', 'entry', text, 'from', store.incarnation).catch((error: unknown) => {
        dropped += 1;
        store.reportFailure(error);
      });
    },
    subscribe(listener) {
      listeners.add(listener);
      if (reader === undefined) {
        const connection = store.duplicate();
        connection.on('error', () => undefined);
        reader = connection;
        void read(connection);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopReading();
      };
    },
    dropped: () => dropped,
    close() {
      listeners.clear();
      stopReading();
    },
  };
}

/** The entry of a stream row another incarnation wrote (this one's own are in its history already). */
function entryOf(fields: readonly string[], incarnation: string): unknown {
  const value = (name: string): string | undefined => {
    const at = fields.indexOf(name);
    return at < 0 ? undefined : fields[at + 1];
  };
  if (value('from') === incarnation) return undefined;
  try {
    const entry = JSON.parse(value('entry') ?? '') as unknown;
    return typeof entry === 'object' && entry !== null && typeof (entry as { instance?: unknown }).instance === 'string'
      ? entry
      : undefined;
  } catch {
    return undefined;
  }
}
