import { closestKey } from '../../config/closest-key.ts';
import { describeValue } from '../../config/config-warning.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';

/** The keys the `cluster` block accepts. */
export const CLUSTER_CONFIG_KEYS: readonly string[] = ['redis_url', 'name', 'instance', 'timeout_ms', 'heartbeat_ms', 'activity_length'];

/** The cluster's name when the config gives none: instances of one Redis with the same name share state. @default 'tool-search' */
export const DEFAULT_CLUSTER_NAME = 'tool-search';
/**
 * How long one command to the shared store may take before it counts as failed. Short, because a call
 * that waits on the store waits this long at worst, and a store that slow is treated as down.
 * @default 1,000 ms
 */
export const DEFAULT_STORE_TIMEOUT_MS = 1_000;
/**
 * How often an instance says it is alive. Another instance presumes it gone after
 * {@link MISSED_HEARTBEATS} beats without one, and only then answers the calls it left unanswered with
 * an error. @default 2,000 ms
 */
export const DEFAULT_HEARTBEAT_MS = 2_000;
/** Beats an instance may miss before the others presume it gone. */
export const MISSED_HEARTBEATS = 3;
/** The most entries the shared activity stream keeps (Redis trims the oldest, approximately). @default 10,000 */
export const DEFAULT_ACTIVITY_LENGTH = 10_000;

/** The `cluster` block of a gateway config, resolved: how instances share state through Redis. */
export interface ClusterConfig {
  /** `cluster.redis_url`: `redis://[user:password@]host:port[/db]` (or `rediss://`), placeholders expanded. A secret when it holds a password. */
  readonly redisUrl: string;
  /** The URL as written, its password masked: what messages show. */
  readonly displayUrl: string;
  /** `cluster.name`: every key is kept under `tool-search:<name>:`, so several clusters can share one Redis. @default DEFAULT_CLUSTER_NAME */
  readonly name: string;
  /**
   * `cluster.instance`: this instance's name, shown on its activity events and in `/healthz`. Each
   * instance needs its own (use a placeholder such as `${env:HOSTNAME}`). Undefined: the host name and
   * the process id, chosen when the store is opened.
   */
  readonly instance: string | undefined;
  /** `cluster.timeout_ms`: one store command's limit. @default DEFAULT_STORE_TIMEOUT_MS */
  readonly timeoutMs: number;
  /** `cluster.heartbeat_ms`: how often this instance says it is alive. @default DEFAULT_HEARTBEAT_MS */
  readonly heartbeatMs: number;
  /** `cluster.activity_length`: entries the shared activity stream keeps. @default DEFAULT_ACTIVITY_LENGTH */
  readonly activityLength: number;
}

/**
 * Resolves the `cluster` block; undefined when it is absent, so nothing about Redis is loaded. Every
 * problem is fatal (a ToolSearchError `invalid_config_file` with a one-line message naming the key):
 * the block decides where the session cap is counted, and an ignored key would quietly leave each
 * instance on its own. `expand` replaces placeholders and throws for unknown or unset ones.
 */
export function resolveClusterConfig(raw: unknown, expand: (value: string, path: string) => string): ClusterConfig | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid(`cluster: expected a mapping such as {redis_url: "redis://127.0.0.1:6379", name: "team"}, got ${describeValue(raw)}`);
  }
  const block = raw as Record<string, unknown>;
  for (const key of Object.keys(block).sort()) {
    if (CLUSTER_CONFIG_KEYS.includes(key)) continue;
    const closest = closestKey(key, CLUSTER_CONFIG_KEYS);
    const hint = closest === undefined ? '' : ` (did you mean 'cluster.${closest}'?)`;
    throw invalid(`cluster.${key}: unknown key${hint}; known keys: ${CLUSTER_CONFIG_KEYS.join(', ')}`);
  }
  const written = block['redis_url'];
  if (typeof written !== 'string' || written.trim() === '') {
    throw invalid(
      `cluster.redis_url: ${describeValue(written)} is not a Redis URL; give one such as "redis://127.0.0.1:6379" (or "\${env:REDIS_URL}"), or remove the cluster block to run alone`,
    );
  }
  const redisUrl = expand(written, 'cluster.redis_url');
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    throw invalid(
      `cluster.redis_url: ${describeValue(maskPassword(written))} is not a URL (expected redis://host:port, e.g. "redis://127.0.0.1:6379")`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw invalid(`cluster.redis_url: ${describeValue(maskPassword(written))} must start with redis:// or rediss://`);
  }
  return {
    redisUrl,
    displayUrl: maskPassword(written),
    name: label(block['name'], 'cluster.name', DEFAULT_CLUSTER_NAME, expand) ?? DEFAULT_CLUSTER_NAME,
    instance: label(block['instance'], 'cluster.instance', undefined, expand),
    timeoutMs: wholeNumber(block['timeout_ms'], 'cluster.timeout_ms', DEFAULT_STORE_TIMEOUT_MS, 10, 60_000, 'milliseconds'),
    heartbeatMs: wholeNumber(block['heartbeat_ms'], 'cluster.heartbeat_ms', DEFAULT_HEARTBEAT_MS, 100, 60_000, 'milliseconds'),
    activityLength: wholeNumber(block['activity_length'], 'cluster.activity_length', DEFAULT_ACTIVITY_LENGTH, 100, 1_000_000, 'entries'),
  };
}

/** The password of a Redis URL, or undefined: a secret for the redactor (the URL's user is not). */
export function redisPasswordOf(redisUrl: string): string | undefined {
  try {
    const password = new URL(redisUrl).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}

/** A URL text with the password between `:` and `@` masked. */
function maskPassword(text: string): string {
  return text.replace(/(\/\/[^\s/:@]{0,256}:)([^\s/@]{1,256})@/, '$1***@');
}

/** A name made of letters, digits, `.`, `_` and `-` (it becomes part of Redis keys and log lines). */
function label(
  value: unknown,
  path: string,
  fallback: string | undefined,
  expand: (value: string, path: string) => string,
): string | undefined {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw invalid(`${path}: expected a name such as "team-a", got ${describeValue(value)}`);
  const text = expand(value, path);
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(text)) {
    throw invalid(`${path}: ${describeValue(text)} is not a name of 1 to 64 letters, digits, '.', '_' or '-'`);
  }
  return text;
}

function wholeNumber(value: unknown, path: string, fallback: number, min: number, max: number, unit: string): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) return value;
  throw invalid(`${path}: ${describeValue(value)} is not a whole number of ${unit} from ${min} to ${max} (default ${fallback})`);
}

function invalid(message: string): ToolSearchError {
  return new ToolSearchError('invalid_config_file', message);
}
