import type { Redis, RedisOptions } from 'ioredis';
import { ToolSearchError } from '../../errors/tool-search-error.ts';

/** ioredis's client class, as the package exports it. */
export type RedisClientClass = new (url: string, options: RedisOptions) => Redis;

/**
 * Loads the Redis client (the optional `ioredis` package) when a config has a `cluster` block, and only
 * then: a gateway without one never loads it. Throws a ToolSearchError `missing_dependency` naming the
 * package to install when it is not there.
 */
export async function loadRedisClient(): Promise<RedisClientClass> {
  // A variable specifier keeps bundlers and type-only readers from treating the package as required.
  const specifier = 'ioredis';
  let module: { Redis?: unknown; default?: unknown };
  try {
    module = (await import(specifier)) as { Redis?: unknown; default?: unknown };
  } catch (error) {
    throw new ToolSearchError(
      'missing_dependency',
      "cluster: the Redis client is not installed; run 'npm install ioredis' where tool-search runs, or remove the cluster block to run one instance alone",
      { cause: error },
    );
  }
  const client = module.Redis ?? module.default;
  if (typeof client !== 'function')
    throw new ToolSearchError(
      'missing_dependency',
      "cluster: the installed 'ioredis' package has no Redis class; install ioredis 6 (npm install ioredis@6)",
    );
  return client as RedisClientClass;
}
