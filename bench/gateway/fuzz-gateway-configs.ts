import { ToolSearchError } from '../../src/errors/tool-search-error.ts';
import { resolveGatewayConfig } from '../../src/gateway/gateway-config.ts';
import { hostileString, hostileValue } from './hostile-values.ts';
import { pick, seededRandom, type Random } from './seeded-random.ts';

export interface ConfigFuzzOptions {
  readonly documents: number;
  readonly seed: number;
}

export interface ConfigFuzzCounts {
  readonly documents: number;
  readonly seed: number;
  /** Resolved (with or without warnings). */
  readonly resolved: number;
  /** Refused with a ToolSearchError, the one-line message `serve` prints. */
  readonly refused: number;
  /** Anything else thrown: must be 0. */
  readonly unhandled: number;
  readonly failures: readonly string[];
  readonly durationMs: number;
}

const ROOT_KEYS = ['model', 'tools', 'mcp_servers', 'mcpServers', 'servers', 'pin', 'policy', 'activity_log', 'timeouts', 'limits', 'http'];
const SERVER_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'headers', 'type', 'transport', 'timeout_ms', 'disabled'];
const BLOCK_KEYS: Readonly<Record<string, readonly string[]>> = {
  model: ['context_length'],
  tools: ['tool_search'],
  policy: ['deny', 'require_approval'],
  timeouts: ['call_ms', 'call_max_ms', 'connect_ms'],
  limits: ['max_result_tokens', 'max_describe_tokens'],
  http: ['token', 'allowed_origins', 'max_sessions', 'idle_session_ms'],
};
const PLAUSIBLE_STRINGS = [
  'node',
  'npx',
  '${env:HOME}',
  '${configDir}/x',
  '${tempDir}',
  '${nope}',
  'http://127.0.0.1:1/mcp',
  'https://x',
  'ftp://x',
  'sse',
  'stdio',
  'on',
  'auto',
];

/**
 * Resolves `documents` random gateway config documents (known keys with hostile values, unknown and
 * misspelt keys, servers of every shape) and counts the outcomes: a result or a ToolSearchError is
 * fine; anything else thrown is a crash `serve` would print as a stack trace, and must not happen.
 */
export function fuzzGatewayConfigs(options: ConfigFuzzOptions): ConfigFuzzCounts {
  const random = seededRandom(options.seed);
  const placeholders = {
    configDir: '/tmp/tool-search-fuzz',
    tempDir: () => '/tmp/tool-search-fuzz/temp',
    env: { HOME: '/home/fuzz', EMPTY: '' },
  };
  let resolved = 0;
  let refused = 0;
  let unhandled = 0;
  const failures: string[] = [];
  const started = performance.now();
  for (let index = 0; index < options.documents; index++) {
    const document = randomDocument(random);
    try {
      resolveGatewayConfig(document, placeholders);
      resolved++;
    } catch (error) {
      if (error instanceof ToolSearchError) {
        refused++;
        continue;
      }
      unhandled++;
      if (failures.length < 5)
        failures.push(
          `document ${index} (seed ${options.seed}): ${error instanceof Error ? error.stack?.split('\n').slice(0, 4).join(' | ') : String(error)}`,
        );
    }
  }
  return {
    documents: options.documents,
    seed: options.seed,
    resolved,
    refused,
    unhandled,
    failures,
    durationMs: performance.now() - started,
  };
}

function randomDocument(random: Random): unknown {
  if (random() < 0.05) return hostileValue(random, ROOT_KEYS, 0, true);
  const document: Record<string, unknown> = {};
  for (const key of ROOT_KEYS) {
    if (random() < 0.5) continue;
    document[maybeMisspelt(random, key)] = randomBlock(random, key);
  }
  if (random() < 0.1) document[hostileString(random, ROOT_KEYS).slice(0, 80)] = hostileValue(random, ROOT_KEYS, 0, true);
  return document;
}

function randomBlock(random: Random, key: string): unknown {
  if (random() < 0.15) return hostileValue(random, ROOT_KEYS, 0, true);
  if (key === 'mcp_servers' || key === 'mcpServers' || key === 'servers') {
    const servers: Record<string, unknown> = {};
    for (let count = Math.floor(random() * 4); count > 0; count--)
      servers[pick(random, ['a', 'b', 'a b', '', 'gh', hostileString(random, ['x']).slice(0, 30)])] = randomServer(random);
    return servers;
  }
  if (key === 'pin' || key === 'activity_log') return randomLeaf(random);
  const known = BLOCK_KEYS[key] ?? [];
  const block: Record<string, unknown> = {};
  for (const child of known)
    if (random() < 0.6) block[maybeMisspelt(random, child)] = child === 'tool_search' ? randomToolSearch(random) : randomLeaf(random);
  return block;
}

function randomServer(random: Random): unknown {
  if (random() < 0.1) return hostileValue(random, SERVER_KEYS, 0, true);
  const server: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) if (random() < 0.35) server[maybeMisspelt(random, key)] = randomLeaf(random);
  if (random() < 0.5) server['command'] = pick(random, ['node', '', ' ', '${env:HOME}/bin/x']);
  else if (random() < 0.5) server['url'] = pick(random, PLAUSIBLE_STRINGS);
  return server;
}

function randomToolSearch(random: Random): unknown {
  if (random() < 0.3) return randomLeaf(random);
  const keys = ['enabled', 'threshold_pct', 'search_default_limit', 'max_search_limit', 'semantic'];
  return Object.fromEntries(keys.filter(() => random() < 0.5).map((key) => [maybeMisspelt(random, key), randomLeaf(random)]));
}

function randomLeaf(random: Random): unknown {
  if (random() < 0.3) return pick(random, PLAUSIBLE_STRINGS);
  if (random() < 0.2) return pick(random, [0, 1, 100, -5, 2.5, 1e9, true, false, null]);
  if (random() < 0.2) return Array.from({ length: Math.floor(random() * 3) }, () => pick(random, PLAUSIBLE_STRINGS));
  return hostileValue(random, PLAUSIBLE_STRINGS, 0, true);
}

/** Usually `key`, sometimes with a typo, the way people get config keys wrong. */
function maybeMisspelt(random: Random, key: string): string {
  if (random() < 0.9) return key;
  const at = Math.floor(random() * key.length);
  return pick(random, [key.slice(0, at) + key.slice(at + 1), key.toUpperCase(), key.replace(/_/g, '-'), `${key}s`]);
}
