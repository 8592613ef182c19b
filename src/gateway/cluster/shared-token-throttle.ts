import { DEFAULT_FAILED_TOKEN_LIMIT, DEFAULT_FAILED_TOKEN_WINDOW_MS, type FailedTokenThrottle } from '../failed-token-throttle.ts';
import type { ClusterStore } from './open-cluster-store.ts';

/** The failed-token throttle of a cluster: one count for every instance. */
export interface SharedFailedTokenThrottle {
  /** As FailedTokenThrottle.fail, counted across the cluster; this instance's own count when the store cannot answer. */
  fail(now: number): Promise<number | undefined>;
}

/**
 * One failure at the store's time in a sorted set that keeps the last `limit` failures of the window.
 * KEYS: the set; ARGV: limit, window ms, a member unique to this failure. Returns the seconds to wait,
 * or -1 while the window holds at most `limit` failures (this one included): FailedTokenThrottle's rule.
 */
const FAIL_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local wait = -1
if redis.call('ZCARD', KEYS[1]) >= limit then
  local oldest = redis.call('ZRANGE', KEYS[1], -limit, -limit, 'WITHSCORES')
  wait = math.max(1, math.ceil((tonumber(oldest[2]) + window - now) / 1000))
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -(limit + 1))
redis.call('PEXPIRE', KEYS[1], window)
return wait`;

/**
 * Counts failed token attempts across the cluster (`failed-tokens`), so a guesser spread over the
 * instances behind a balancer is held back as one gateway would hold it back. The local throttle is
 * always fed too, and answers alone while the store is down or slow: each instance then holds back
 * what it sees, which is weaker but never off.
 */
export function createSharedFailedTokenThrottle(store: ClusterStore, local: FailedTokenThrottle): SharedFailedTokenThrottle {
  const key = store.key('failed-tokens');
  let sequence = 0;
  return {
    async fail(now) {
      const alone = local.fail(now);
      if (!store.status().reachable) return alone;
      sequence += 1;
      try {
        const wait = Number(
          await store.redis.eval(
            FAIL_SCRIPT,
            1,
            key,
            String(DEFAULT_FAILED_TOKEN_LIMIT),
            String(DEFAULT_FAILED_TOKEN_WINDOW_MS),
            `${store.incarnation}:${sequence}`,
          ),
        );
        return wait < 0 ? undefined : wait;
      } catch (error) {
        store.reportFailure(error);
        return alone;
      }
    },
  };
}
