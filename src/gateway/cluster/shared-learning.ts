import type { Redis } from 'ioredis';
import { DEFAULT_MAX_LEARNED_TOTAL, type LearnedRequest, type LearnedRequestStore } from '../../requests/learned-requests.ts';
import type { ClusterStore } from './open-cluster-store.ts';

/** A learned-request store that also tells the other instances, and learns what they learn. */
export interface SharedLearnedRequests extends LearnedRequestStore {
  close(): void;
}

const BLOCK_MS = 2_000;
const RETRY_MS = 500;

/**
 * Shares what search learns from use (`search.learn`) across a cluster: a request this instance
 * learns is kept in `local` (its own state folder, as alone) and added to the cluster's `learned`
 * stream (trimmed to DEFAULT_MAX_LEARNED_TOTAL); every instance reads that stream from its start when
 * it opens, then follows it, adding what the others learned to its own store. Bounds are the local
 * store's. With the store down, learning goes on locally and the others catch up only on what is
 * written after it returns.
 */
export function shareLearnedRequests(store: ClusterStore, local: LearnedRequestStore): SharedLearnedRequests {
  const key = store.key('learned');
  const publish = (requests: readonly LearnedRequest[]): void => {
    if (requests.length === 0 || !store.status().reachable) return;
    const batch = store.redis.pipeline();
    for (const request of requests)
      batch.xadd(key, 'MAXLEN', '~', String(DEFAULT_MAX_LEARNED_TOTAL), '*', 'request', JSON.stringify(request), 'from', store.incarnation);
    batch.exec().catch((error: unknown) => store.reportFailure(error));
  };
  let reader: Redis | undefined = store.duplicate();
  reader.on('error', () => undefined);
  const follow = async (connection: Redis): Promise<void> => {
    let last = '0-0';
    while (reader === connection) {
      try {
        const batches = (await connection.xread('COUNT', 1_000, 'BLOCK', BLOCK_MS, 'STREAMS', key, last)) as Array<
          [string, Array<[string, string[]]>]
        > | null;
        const learned: LearnedRequest[] = [];
        for (const [, rows] of batches ?? []) {
          for (const [id, fields] of rows) {
            last = id;
            const request = learnedOf(fields, store.incarnation);
            if (request !== undefined) learned.push(request);
          }
        }
        if (learned.length > 0) local.addAll(learned);
      } catch {
        if (reader !== connection) return;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };
  void follow(reader);
  return {
    requestsOf: (server, tool) => local.requestsOf(server, tool),
    add(request) {
      const changed = local.add(request);
      if (changed) publish([request]);
      return changed;
    },
    addAll(requests) {
      const changed = local.addAll(requests);
      if (changed) publish(requests);
      return changed;
    },
    entries: () => local.entries(),
    clear: () => local.clear(),
    get version() {
      return local.version;
    },
    close() {
      const connection = reader;
      reader = undefined;
      connection?.disconnect();
    },
  };
}

/** A request another incarnation learned (one of this incarnation's own is already kept). */
function learnedOf(fields: readonly string[], incarnation: string): LearnedRequest | undefined {
  const value = (name: string): string | undefined => {
    const at = fields.indexOf(name);
    return at < 0 ? undefined : fields[at + 1];
  };
  if (value('from') === incarnation) return undefined;
  try {
    const request = JSON.parse(value('request') ?? '') as Partial<LearnedRequest>;
    if (
      typeof request.server !== 'string' ||
      typeof request.tool !== 'string' ||
      typeof request.text !== 'string' ||
      typeof request.time !== 'number'
    )
      return undefined;
    return { server: request.server, tool: request.tool, text: request.text, time: request.time };
  } catch {
    return undefined;
  }
}
