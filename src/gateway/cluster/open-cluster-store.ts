import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { messageOf } from '../../errors/message-of.ts';
import { MISSED_HEARTBEATS, type ClusterConfig } from './cluster-config.ts';
import { loadRedisClient, type RedisClientClass } from './load-redis-client.ts';

/** What an instance knows of the shared store right now. */
export interface ClusterStoreStatus {
  /** Connected, and the last heartbeat was written within the time limit. */
  readonly reachable: boolean;
  /** Why not, when not: the last error, already free of the URL's password. */
  readonly problem?: string;
  /** When it last changed (ms since the epoch). */
  readonly since: number;
}

/**
 * An instance's connection to the cluster's Redis. Every command fails within `timeoutMs` and none is
 * queued while disconnected, so a store that is down or slow costs a caller one bounded wait and never
 * a hang. Keys live under `tool-search:<name>:`.
 */
export interface ClusterStore {
  readonly config: ClusterConfig;
  /** This instance's name (`cluster.instance`, else `<host>-<pid>`). */
  readonly instance: string;
  /** This run of this instance: its name and a random suffix, so a restart is a new incarnation. */
  readonly incarnation: string;
  /** The command connection. */
  readonly redis: Redis;
  /** A key of this cluster: `tool-search:<name>:<parts joined by ':'>`. */
  key(...parts: string[]): string;
  status(): ClusterStoreStatus;
  /** Marks the store unreachable after a failed command (the next heartbeat may mark it back). */
  reportFailure(error: unknown): void;
  /** Subscribes to reachability changes; returns the unsubscribe. */
  onStatusChange(listener: (status: ClusterStoreStatus) => void): () => void;
  /** Whether an incarnation has beaten within MISSED_HEARTBEATS beats; undefined when the store cannot say. */
  isAlive(incarnation: string): Promise<boolean | undefined>;
  /** The incarnations alive now (empty when the store cannot say). */
  aliveInstances(): Promise<string[]>;
  /** A second connection for a reader that blocks (XREAD BLOCK, SUBSCRIBE): no command timeout, commands wait for the connection. */
  duplicate(): Redis;
  /** Stops beating, removes this incarnation from the live ones (best effort) and disconnects. */
  close(): Promise<void>;
}

export interface ClusterStoreOptions {
  /** The gateway's log; store state changes are one line each. @default ignore */
  readonly log?: (line: string) => void;
  /** @default the ioredis package, loaded now */
  readonly client?: RedisClientClass;
  /**
   * Whether this process is an instance: it beats, and counts among the live ones. False for an
   * observer (`inspect`), which only pings. @default true
   */
  readonly instance?: boolean;
}

/** Writes this incarnation's next deadline by the store's own clock: KEYS[1] the live set; ARGV incarnation, lifetime ms. */
const HEARTBEAT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return now`;
/** The incarnations whose deadline is still ahead, by the store's clock: KEYS[1] the live set. */
const ALIVE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
return redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf')`;

/**
 * Connects to `config.redisUrl` and starts beating. Resolves at once, connected or not: an instance
 * started while Redis is down serves what needs no store and says so (`status()`), and connects when
 * Redis is back. Throws only when the Redis client package is missing.
 */
export async function openClusterStore(config: ClusterConfig, options: ClusterStoreOptions = {}): Promise<ClusterStore> {
  const log = options.log ?? (() => undefined);
  const Client = options.client ?? (await loadRedisClient());
  const instance =
    config.instance ??
    `${hostname()
      .replace(/[^A-Za-z0-9._-]/g, '-')
      .slice(0, 40)}-${process.pid}`;
  const incarnation = `${instance}.${randomBytes(4).toString('hex')}`;
  const prefix = `tool-search:${config.name}:`;
  const settings = {
    commandTimeout: config.timeoutMs,
    connectTimeout: Math.max(config.timeoutMs, 1_000),
    // Nothing waits for a connection: a command sent while disconnected fails at once.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Reconnect for ever, at most a second apart, so a restarted Redis is picked up quickly.
    retryStrategy: (times: number) => Math.min(100 * times, 1_000),
    lazyConnect: false,
    connectionName: `tool-search:${incarnation}`,
  };
  const redis = new Client(config.redisUrl, settings);
  const listeners = new Set<(status: ClusterStoreStatus) => void>();
  let closed = false;
  let status: ClusterStoreStatus = { reachable: false, problem: 'connecting', since: Date.now() };
  const set = (reachable: boolean, problem?: string): void => {
    if (closed) return;
    if (status.reachable === reachable && (reachable || status.problem === problem)) return;
    const wasReachable = status.reachable;
    status = { reachable, ...(problem === undefined ? {} : { problem }), since: Date.now() };
    if (wasReachable !== reachable)
      log(
        reachable
          ? `cluster: the shared store at ${config.displayUrl} is reachable`
          : `cluster: the shared store at ${config.displayUrl} is unreachable (${problem ?? 'unknown'})`,
      );
    for (const listener of [...listeners]) listener(status);
  };
  const describe = (error: unknown): string => {
    const message = messageOf(error);
    // ioredis's words for "a command was sent, or dropped, while disconnected": nothing queues or retries it.
    if (/enableOfflineQueue|Connection is closed|max retries per request/i.test(message)) return 'not connected';
    return message.split(config.redisUrl).join(config.displayUrl).slice(0, 200);
  };
  // ioredis reports connection errors as events; unhandled, they would be thrown.
  redis.on('error', (error: unknown) => set(false, describe(error)));
  redis.on('close', () => set(false, 'connection closed'));
  const liveSet = `${prefix}instances`;
  const lifetime = config.heartbeatMs * MISSED_HEARTBEATS;
  const beat = async (): Promise<void> => {
    try {
      if (options.instance === false) await redis.ping();
      else await redis.eval(HEARTBEAT_SCRIPT, 1, liveSet, incarnation, String(lifetime));
      set(true);
    } catch (error) {
      set(false, describe(error));
    }
  };
  redis.on('ready', () => void beat());
  const timer = setInterval(() => void beat(), config.heartbeatMs);
  timer.unref();

  const aliveInstances = async (): Promise<string[]> => {
    try {
      return (await redis.eval(ALIVE_SCRIPT, 1, liveSet)) as string[];
    } catch (error) {
      set(false, describe(error));
      throw error;
    }
  };

  return {
    config,
    instance,
    incarnation,
    redis,
    key: (...parts) => `${prefix}${parts.join(':')}`,
    status: () => status,
    reportFailure: (error) => set(false, describe(error)),
    onStatusChange(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async isAlive(other) {
      const alive = await aliveInstances().catch(() => undefined);
      return alive?.includes(other);
    },
    aliveInstances,
    // Its reads wait for the connection and for entries: no command timeout, commands queued until connected.
    duplicate: () =>
      new Client(config.redisUrl, {
        ...settings,
        commandTimeout: undefined,
        enableOfflineQueue: true,
        maxRetriesPerRequest: null,
        connectionName: `tool-search:${incarnation}:reader`,
      }),
    async close() {
      clearInterval(timer);
      listeners.clear();
      if (redis.status === 'ready') await redis.zrem(liveSet, incarnation).catch(() => undefined);
      closed = true;
      redis.disconnect();
    },
  };
}
