import { Redis } from 'ioredis';
import { summarizeTimings, type TimingSummary } from '../../search/timing-statistics.ts';

/**
 * The time of one Redis round trip as an instance sees it: `pings` PINGs one after another over one
 * ioredis connection (what each command the gateway sends costs at least).
 */
export async function measureStoreRoundTrip(redisUrl: string, pings: number): Promise<TimingSummary> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    for (let warm = 0; warm < 20; warm++) await redis.ping();
    const durations: number[] = [];
    for (let ping = 0; ping < pings; ping++) {
      const started = performance.now();
      await redis.ping();
      durations.push(performance.now() - started);
    }
    return summarizeTimings(durations);
  } finally {
    redis.disconnect();
  }
}
