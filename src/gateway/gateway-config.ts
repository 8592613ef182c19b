import { resolve } from 'node:path';
import { resolveAgentConfig, SEMANTIC_CONFIG_PATH, SEMANTIC_RETIRED } from '../config/agent-config.ts';
import { closestKey, didYouMean } from '../config/closest-key.ts';
import { describeValue, type ConfigWarning } from '../config/config-warning.ts';
import type { ToolSearchConfig } from '../config/tool-search-config.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { expandPlaceholders, UnknownPlaceholderError, vsCodeInputAdvice, type PlaceholderValues } from './expand-placeholders.ts';
import { isCredentialName, isTokenShaped, MIN_SECRET_LENGTH, type Secret } from './redact-secrets.ts';
import { DEFAULT_MAX_DESCRIBE_TOKENS, DEFAULT_MAX_RESULT_TOKENS } from '../config/result-limits.ts';
import { HTTP_CONFIG_KEYS, resolveHttpConfig, type HttpConfig } from './http-config.ts';
import { resolveSearchConfig, SEARCH_CONFIG_KEYS, type SearchConfig } from './search-config.ts';
import { aboveLongestTimer, LONGEST_TIMER_MS } from './longest-timer.ts';
import { readStringList, resolvePolicyPatterns } from './policy-config.ts';
import { CLUSTER_CONFIG_KEYS, redisPasswordOf, resolveClusterConfig, type ClusterConfig } from './cluster/cluster-config.ts';

/** Context length `auto` is sized for when the config does not say (the issue's default). */
export const DEFAULT_GATEWAY_CONTEXT_LENGTH = 200_000;
/**
 * How long one `tools/call` to an upstream may go without an answer or a progress notification before
 * it is cancelled. Under the usual 60 s client timeout, so the gateway's explanation reaches the client
 * before the client gives up. @default 50 s
 */
export const DEFAULT_CALL_TIMEOUT_MS = 50_000;
/** How long one `tools/call` may take in all, however much progress it reports. @default 10 minutes */
export const DEFAULT_CALL_MAX_MS = 10 * 60_000;
/**
 * How long starting an upstream may go on without a sign of work from its processes (a remote one's:
 * how long it may take), and how long listing its tools may take. @default 20 s
 */
export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;
/**
 * How long starting a local upstream may take in all while its processes keep working: a first
 * `npx -y <server>` downloads and installs it first. At least `timeouts.connect_ms`. @default 2 minutes
 */
export const DEFAULT_CONNECT_MAX_MS = 120_000;

/** An upstream run as a local process, spoken to over stdio. */
export interface StdioUpstreamConfig {
  readonly transport: 'stdio';
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the SDK's safe default environment (PATH, HOME, ...). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /**
   * Environment variables its config refers to (`${env:NAME}`) that are not set: such a server is not
   * started, and its status names them. Empty when all are set.
   */
  readonly missingEnv: readonly string[];
  /**
   * VS Code inputs its config refers to (`${input:ID}`), which only VS Code can ask the user for: such
   * a server is not started, and its status says which environment variable to use instead.
   */
  readonly missingInputs: readonly string[];
  /** Idle limit of one call: progress notifications reset it. */
  readonly callTimeoutMs: number;
  /** Overall limit of one call, which progress cannot extend. */
  readonly callMaxMs: number;
  /** See {@link ServerEntryNotes.ignoredKeys}. */
  readonly ignoredKeys?: readonly string[];
}

/** A remote upstream: Streamable HTTP, falling back to the older SSE transport unless `sse` is forced. */
export interface HttpUpstreamConfig {
  readonly transport: 'http' | 'sse';
  readonly name: string;
  readonly url: URL;
  /** The URL as written in the config, placeholders unexpanded: what messages show (never a secret). */
  readonly displayUrl: string;
  readonly headers: Readonly<Record<string, string>>;
  /** As for stdio servers: unset variables keep the server from starting. */
  readonly missingEnv: readonly string[];
  /** As for stdio servers: VS Code inputs keep the server from starting. */
  readonly missingInputs: readonly string[];
  /** Idle limit of one call: progress notifications reset it. */
  readonly callTimeoutMs: number;
  /** Overall limit of one call, which progress cannot extend. */
  readonly callMaxMs: number;
  /** See {@link ServerEntryNotes.ignoredKeys}. */
  readonly ignoredKeys?: readonly string[];
}

export type UpstreamConfig = StdioUpstreamConfig | HttpUpstreamConfig;

/** What a server's config entry said that the gateway did not use. */
export interface ServerEntryNotes {
  /**
   * The entry's unknown keys, each quoted with its did-you-mean (`'arg' (did you mean 'args'?)`), when
   * it has any: they were warned about at start, and a failure to start repeats them, since an ignored
   * `arg` is the likeliest reason a server then times out. Absent when there are none.
   */
  readonly ignoredKeys?: readonly string[];
}

/** A gateway config file, resolved: every field set. */
export interface GatewayConfig {
  readonly toolSearch: ToolSearchConfig;
  /** @default DEFAULT_GATEWAY_CONTEXT_LENGTH */
  readonly contextLength: number;
  /** Upstreams in name order; `disabled: true` ones left out. */
  readonly servers: readonly UpstreamConfig[];
  /**
   * Globs of tools that stay visible when Tool Search is active. Like `deny` and `requireApproval`, each
   * matches case-insensitively the gateway name (`mcp_<server>_<tool>`, whole and as shown), the
   * upstream's own name `<tool>` and `<server>/<tool>` (see tool-policy.ts).
   */
  readonly pin: readonly string[];
  /** Globs of tools the gateway hides from the model and refuses to call. */
  readonly deny: readonly string[];
  /** Globs of tools that need the user's approval (MCP elicitation) first. */
  readonly requireApproval: readonly string[];
  /** `limits`: how much of a result or a describe reaches the model. */
  readonly limits: GatewayLimits;
  /** `http`: how `serve --http` lets clients in (token, origins, session cap and idle time). */
  readonly http: HttpConfig;
  /** `search`: where tools' requests come from (the request pack, learning, the user's model). */
  readonly search: SearchConfig;
  /**
   * `cluster`: share sessions, resumable streams, the session cap and the activity stream with other
   * instances through Redis (cluster/). Undefined: everything stays in this process, and nothing about
   * Redis is loaded.
   */
  readonly cluster: ClusterConfig | undefined;
  /**
   * Values that must never be shown to the model, a client or the activity log: everything expanded
   * from `${env:...}`, header values and server `env` values, each with what to show instead.
   */
  readonly secrets: readonly Secret[];
  /** Absolute path of the JSON-lines activity log; undefined for none. */
  readonly activityLog: string | undefined;
  /** `timeouts.connect_ms` (see DEFAULT_CONNECT_TIMEOUT_MS). */
  readonly connectTimeoutMs: number;
  /** `timeouts.connect_max_ms` (see DEFAULT_CONNECT_MAX_MS); never less than connectTimeoutMs. */
  readonly connectMaxMs: number;
}

/** The `limits` block, in estimated tokens (characters / 4). */
export interface GatewayLimits {
  /** A tool result above this is cut, with a note saying how much. @default DEFAULT_MAX_RESULT_TOKENS */
  readonly maxResultTokens: number;
  /** A tool_describe above this is shortened (nested descriptions first). @default DEFAULT_MAX_DESCRIBE_TOKENS */
  readonly maxDescribeTokens: number;
}

export interface ResolvedGatewayConfig {
  readonly config: GatewayConfig;
  readonly warnings: readonly ConfigWarning[];
}

/** The keys a gateway config may have at its root; `tool-search assemble` and `search` accept them too. */
export const GATEWAY_ROOT_KEYS = [
  'model',
  'tools',
  'mcp_servers',
  'mcpServers',
  'servers',
  'pin',
  'policy',
  'activity_log',
  'timeouts',
  'limits',
  'http',
  'search',
  'cluster',
];
const SERVER_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'headers', 'type', 'transport', 'timeout_ms', 'disabled'];
const TIMEOUT_KEYS = ['call_ms', 'call_max_ms', 'connect_ms', 'connect_max_ms'];
const LIMIT_KEYS = ['max_result_tokens', 'max_describe_tokens'];
/**
 * The known keys of the gateway's own blocks, for commands that read a gateway config without serving
 * it (an unknown key is a warning there). `policy` is not among them: it is read, by resolvePolicyPatterns.
 */
export const GATEWAY_BLOCK_KEYS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  timeouts: TIMEOUT_KEYS,
  limits: LIMIT_KEYS,
  http: HTTP_CONFIG_KEYS,
  search: SEARCH_CONFIG_KEYS,
  cluster: CLUSTER_CONFIG_KEYS,
});

/**
 * Resolves a parsed gateway config document (YAML or JSON). Accepts `mcp_servers`, the `mcpServers`
 * of Claude Desktop and Cursor, and the `servers` of VS Code's mcp.json (several may be present; a name
 * in two of them is an error). Strings may use
 * the placeholders of {@link expandPlaceholders} (VS Code's `${input:ID}` keeps its server from starting,
 * or stops the gateway where no server can be left out, naming the `${env:NAME}` to use); relative `cwd` and `activity_log` paths are taken
 * from the config file's folder. Throws a ToolSearchError (`invalid_config_file`) with a one-line
 * message for problems that leave no sensible reading (a server without `command` or `url`); values
 * that can fall back to a default become warnings.
 */
export function resolveGatewayConfig(document: unknown, placeholders: PlaceholderValues): ResolvedGatewayConfig {
  if (document === null || document === undefined) document = {};
  if (typeof document !== 'object' || Array.isArray(document)) {
    throw invalid(`the config must be a mapping of keys (model, tools, mcp_servers, ...), got ${describeValue(document)}`);
  }
  const root = document as Record<string, unknown>;
  refuseKeysNearProtections(root);
  const agent = resolveAgentConfig(root, { rootKeys: GATEWAY_ROOT_KEYS, defaultContextLength: DEFAULT_GATEWAY_CONTEXT_LENGTH });
  // `semantic: true` asked for a ranking by meaning that the retired encoder gave: the gateway stops
  // rather than quietly ranking by words alone (any other value is only warned about).
  if (agent.retiredSemantic === true) throw invalid(`${SEMANTIC_CONFIG_PATH}: ${SEMANTIC_RETIRED}`);
  const warnings: ConfigWarning[] = [...agent.warnings];
  const secrets = new Map<string, string>();
  /** Unset variables met while expanding; reset per server, whose start they then block. */
  let missing: string[] = [];
  /** VS Code inputs (`${input:ID}`) met while expanding; reset per server, whose start they block too. */
  let inputs: string[] = [];
  /**
   * Expands placeholders in the value at `path`. An `${env:NAME}` value is a secret when it is at least
   * MIN_SECRET_LENGTH long and something says it is a credential: the variable's name, the key it is
   * given under (`context`, by default the last part of `path`), a header, a URL's query or
   * password, or its own token shape. `NODE_ENV: production` or `${env:DEBUG}` = `true` are not.
   */
  const expand = (value: string, path: string, context: string = lastKeyOf(path)): string => {
    try {
      return expandPlaceholders(value, placeholders, {
        onVariable: (variable, expanded) => {
          if (expanded === undefined || expanded === '') {
            missing.push(variable);
            return;
          }
          if (expanded.length < MIN_SECRET_LENGTH || secrets.has(expanded)) return;
          const credential =
            isCredentialName(variable) ||
            isCredentialName(context) ||
            /\.headers\./.test(path) ||
            (/\.url$/.test(path) && /[?@]/.test(value)) ||
            isTokenShaped(expanded);
          if (credential) secrets.set(expanded, `\${env:${variable}}`);
        },
        onInput: (id) => inputs.push(id),
      });
    } catch (error) {
      if (error instanceof UnknownPlaceholderError) throw invalid(`${path}: ${error.message}`);
      throw error;
    }
  };
  /** Expands a string that is not part of a server: an unset variable there has no safe reading. */
  const expandRequired = (value: string, path: string): string => {
    missing = [];
    inputs = [];
    const text = expand(value, path);
    if (inputs.length > 0) throw invalid(`${path}: ${vsCodeInputAdvice(inputs[0]!)}`);
    if (missing.length > 0) throw invalid(`${path}: ${unsetVariables(missing)}; set it, or write the value without a placeholder`);
    return text;
  };
  const timeouts = checkedKeys(mapping(root['timeouts'], 'timeouts'), 'timeouts', TIMEOUT_KEYS, warnings);
  const callTimeoutMs = milliseconds(timeouts['call_ms'], 'timeouts.call_ms', DEFAULT_CALL_TIMEOUT_MS, warnings);
  const callMaxMs = milliseconds(timeouts['call_max_ms'], 'timeouts.call_max_ms', DEFAULT_CALL_MAX_MS, warnings);
  const connectTimeoutMs = milliseconds(timeouts['connect_ms'], 'timeouts.connect_ms', DEFAULT_CONNECT_TIMEOUT_MS, warnings);
  let connectMaxMs = milliseconds(
    timeouts['connect_max_ms'],
    'timeouts.connect_max_ms',
    Math.max(DEFAULT_CONNECT_MAX_MS, connectTimeoutMs),
    warnings,
  );
  if (connectMaxMs < connectTimeoutMs) {
    warnings.push({
      path: 'timeouts.connect_max_ms',
      received: connectMaxMs,
      message: `timeouts.connect_max_ms: ${connectMaxMs} is less than timeouts.connect_ms (${connectTimeoutMs}); using ${connectTimeoutMs}`,
    });
    connectMaxMs = connectTimeoutMs;
  }
  if (callMaxMs < callTimeoutMs) {
    warnings.push({
      path: 'timeouts.call_max_ms',
      received: callMaxMs,
      message: `timeouts.call_max_ms: ${callMaxMs} is less than timeouts.call_ms (${callTimeoutMs}); a call is cut off after ${callMaxMs} ms in all`,
    });
  }

  const entries = new Map<string, { path: string; value: unknown }>();
  for (const key of ['mcp_servers', 'mcpServers', 'servers']) {
    for (const [name, value] of Object.entries(mapping(root[key], key))) {
      const path = `${key}.${name}`;
      const earlier = entries.get(name);
      if (earlier !== undefined) throw invalid(`${path}: server '${name}' is also defined at ${earlier.path}; keep one`);
      entries.set(name, { path, value });
    }
  }
  const servers: UpstreamConfig[] = [];
  for (const name of [...entries.keys()].sort()) {
    const { path, value } = entries.get(name)!;
    missing = [];
    inputs = [];
    const server = resolveServer(name, path, value, { callTimeoutMs, callMaxMs, configDir: placeholders.configDir, expand, warnings });
    if (server === undefined) continue;
    if (missing.length > 0) {
      warnings.push({ path, received: undefined, message: `${path}: ${unsetVariables(missing)}; this server will not be started` });
    }
    const missingInputs = [...new Set(inputs)].sort();
    if (missingInputs.length > 0) {
      warnings.push({
        path,
        received: undefined,
        message: `${path}: ${missingInputs.map(vsCodeInputAdvice).join('; ')}; this server will not be started`,
      });
    }
    servers.push({ ...server, missingEnv: [...new Set(missing)].sort(), missingInputs });
    for (const [value, shownAs] of literalSecretsOf(server, path)) if (!secrets.has(value)) secrets.set(value, shownAs);
  }
  if (servers.length === 0) {
    warnings.push({
      path: 'mcp_servers',
      received: root['mcp_servers'],
      message: `mcp_servers: no servers configured; the gateway will offer no tools${mistypedServerBlocks(root)}`,
    });
  }
  // Ignoring a mistyped key here would silently drop a protection, so it stops the gateway instead.
  const policy = resolvePolicyPatterns(root, GATEWAY_ROOT_KEYS, warnings);
  // Unknown keys and bad values in `http` are fatal there too (http-config.ts).
  const http = resolveHttpConfig(root['http'], expandRequired);
  if (http.token !== undefined && !secrets.has(http.token)) secrets.set(http.token, '<http.token>');
  for (const client of http.clients) if (!secrets.has(client.token)) secrets.set(client.token, `<http.clients.${client.name}>`);
  const search = resolveSearchConfig(root['search'], expandRequired, warnings);
  for (const [apiKey, shownAs] of [
    [search.expand?.apiKey, '<search.expand.api_key>'],
    [search.embeddings?.apiKey, '<search.embeddings.api_key>'],
  ] as const) {
    if (apiKey !== undefined && apiKey.length >= MIN_SECRET_LENGTH && !secrets.has(apiKey)) secrets.set(apiKey, shownAs);
  }
  // Unknown keys and bad values in `cluster` are fatal: they decide where the session cap is counted.
  const cluster = resolveClusterConfig(root['cluster'], expandRequired);
  const redisPassword = cluster === undefined ? undefined : redisPasswordOf(cluster.redisUrl);
  if (redisPassword !== undefined && redisPassword.length >= MIN_SECRET_LENGTH && !secrets.has(redisPassword))
    secrets.set(redisPassword, '<cluster.redis_url password>');
  const limitsBlock = checkedKeys(mapping(root['limits'], 'limits'), 'limits', LIMIT_KEYS, warnings);
  const activityLog = root['activity_log'];
  if (activityLog !== undefined && activityLog !== null && typeof activityLog !== 'string') {
    throw invalid(`activity_log: ${describeValue(activityLog)} is not a file path`);
  }
  // An empty path used to turn the log off without a word: whoever wrote the key wanted a log.
  if (typeof activityLog === 'string' && activityLog.trim() === '') {
    throw invalid(
      `activity_log: ${describeValue(activityLog)} is empty; to keep no activity log, remove the key (or write activity_log: null)`,
    );
  }
  return {
    config: {
      toolSearch: agent.toolSearch,
      contextLength: agent.contextLength ?? DEFAULT_GATEWAY_CONTEXT_LENGTH,
      servers,
      ...policy,
      limits: {
        maxResultTokens: tokens(limitsBlock['max_result_tokens'], 'limits.max_result_tokens', DEFAULT_MAX_RESULT_TOKENS, warnings),
        maxDescribeTokens: tokens(limitsBlock['max_describe_tokens'], 'limits.max_describe_tokens', DEFAULT_MAX_DESCRIBE_TOKENS, warnings),
      },
      http,
      search,
      cluster,
      secrets: [...secrets].map(([value, shownAs]) => ({ value, shownAs })),
      activityLog:
        typeof activityLog === 'string' ? resolve(placeholders.configDir, expandRequired(activityLog, 'activity_log')) : undefined,
      connectTimeoutMs,
      connectMaxMs,
    },
    warnings,
  };
}

/**
 * The secrets a server's config holds as written (placeholders are handled where they are expanded):
 * every header value (and the credential after `Bearer`, `Basic` or `Token`), an `env` value under a
 * credential-like key or shaped like a token, and in a URL the password and every query value under a
 * credential-like name or shaped like a token. Each at least MIN_SECRET_LENGTH long.
 */
function literalSecretsOf(server: ServerDraft, path: string): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  const add = (value: string, shownAs: string): void => {
    if (value.length >= MIN_SECRET_LENGTH) found.push([value, shownAs]);
  };
  if (server.transport === 'stdio') {
    for (const [key, value] of Object.entries(server.env))
      if (isCredentialName(key) || isTokenShaped(value)) add(value, `<${path}.env.${key}>`);
    return found;
  }
  for (const [key, value] of Object.entries(server.headers)) {
    add(value, `<${path}.headers.${key}>`);
    const scheme = /^(?:Bearer|Basic|Token)\s+(\S+)$/i.exec(value);
    if (scheme !== null) add(scheme[1]!, `<${path}.headers.${key}>`);
  }
  if (server.url.password !== '') add(decodeURIComponent(server.url.password), `<${path}.url password>`);
  for (const [name, value] of server.url.searchParams)
    if (isCredentialName(name) || isTokenShaped(value)) add(value, `<${path}.url ?${name}>`);
  return found;
}

/**
 * A URL as written, for messages, with the credentials written literally in it masked: its password,
 * and each query value under a credential-like name or shaped like a token (placeholders stay as they
 * are: they show which variable, never its value).
 */
function maskWrittenUrl(written: string): string {
  return written
    .replace(/(\/\/[^\s/:@]{1,256}:)([^\s/@$]{1,256})@/, '$1***@')
    .replace(/([?&])([^=&#\s]+)=([^&#\s]*)/g, (whole, separator: string, name: string, value: string) =>
      !value.startsWith('${') && value.length >= MIN_SECRET_LENGTH && (isCredentialName(name) || isTokenShaped(value))
        ? `${separator}${name}=***`
        : whole,
    );
}

/** `env.API_KEY` of `mcp_servers.x.env.API_KEY`, `args` of `mcp_servers.x.args[2]`. */
function lastKeyOf(path: string): string {
  return path.slice(path.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');
}

function unsetVariables(names: readonly string[]): string {
  const unique = [...new Set(names)].sort();
  return unique.length === 1
    ? `environment variable ${unique[0]} is not set (or empty)`
    : `environment variables ${unique.join(', ')} are not set (or empty)`;
}

/** Warns about the keys of `block` that are not `known`, with a did-you-mean. Returns the block. */
function checkedKeys(
  block: Record<string, unknown>,
  path: string,
  known: readonly string[],
  warnings: ConfigWarning[],
): Record<string, unknown> {
  for (const key of Object.keys(block).sort()) {
    if (known.includes(key)) continue;
    warnings.push({
      path: `${path}.${key}`,
      received: block[key],
      message: `${path}.${key}: unknown key, ignored${didYouMean(key, known)} (known keys: ${known.join(', ')})`,
    });
  }
  return block;
}

/**
 * The root blocks that protect something: a key a typo away from one of them stops the gateway.
 * `cluster` counts: ignored, each instance would count the session cap and failed tokens alone.
 */
const PROTECTING_ROOT_KEYS = ['policy', 'http', 'cluster'];

/**
 * Throws for a root key that is not a gateway key but a typo away from `policy`, `http` or `cluster`
 * (`polcy`, `htp`, `HTTP`, `clustr`): ignored with a warning, it would drop every deny rule, approval or
 * client token it holds, and the gateway would run open with exit code 0 (or alone, for `cluster`).
 */
function refuseKeysNearProtections(root: Record<string, unknown>): void {
  for (const key of Object.keys(root).sort()) {
    if (GATEWAY_ROOT_KEYS.includes(key)) continue;
    const meant = closestKey(key, PROTECTING_ROOT_KEYS);
    if (meant !== undefined)
      throw invalid(`${key}: unknown key (did you mean '${meant}'?); stopped rather than go on without the ${meant} settings it may hold`);
  }
}

const SERVER_BLOCK_KEYS = ['mcp_servers', 'mcpServers', 'servers'];

/** ` (the root key 'mcp_server' was ignored: did you mean 'mcp_servers'?)` for each unknown root key near a server block, or nothing. */
function mistypedServerBlocks(root: Record<string, unknown>): string {
  return Object.keys(root)
    .sort()
    .filter((key) => !GATEWAY_ROOT_KEYS.includes(key))
    .map((key) => [key, closestKey(key, SERVER_BLOCK_KEYS)] as const)
    .filter(([, meant]) => meant !== undefined)
    .map(([key, meant]) => ` (the root key '${key}' was ignored: did you mean '${meant}'?)`)
    .join('');
}

/** A server entry's unknown keys, each quoted with its did-you-mean, in key order. */
function unknownServerKeys(entry: Record<string, unknown>): string[] {
  return Object.keys(entry)
    .sort()
    .filter((key) => !SERVER_KEYS.includes(key))
    .map((key) => `'${key}'${didYouMean(key, SERVER_KEYS)}`);
}

/**
 * `; its key 'comand' is unknown (did you mean 'command'?)` when the entry has unknown keys that were
 * probably meant as `command` or `url`, for the message of an entry that has neither; else nothing.
 */
function missingKindHint(entry: Record<string, unknown>): string {
  const meant = Object.keys(entry)
    .sort()
    .filter((key) => !SERVER_KEYS.includes(key))
    .map((key) => [key, closestKey(key, SERVER_KEYS)] as const)
    .filter(([, closest]) => closest === 'command' || closest === 'url');
  if (meant.length === 0) return '';
  const keys = meant.map(([key]) => `'${key}'`).join(' and ');
  const closest = meant.map(([, key]) => `'${key}'`).join(' and ');
  return `; its ${meant.length === 1 ? 'key' : 'keys'} ${keys} ${meant.length === 1 ? 'is' : 'are'} unknown (did you mean ${closest}?)`;
}

/** Warns about each key of `entry` in `keys` that a server of the other kind would use. */
function warnOtherKindKeys(
  entry: Record<string, unknown>,
  path: string,
  keys: readonly string[],
  applies: string,
  ignoredFor: string,
  warnings: ConfigWarning[],
): void {
  for (const key of keys) {
    if (entry[key] === undefined || entry[key] === null) continue;
    warnings.push({
      path: `${path}.${key}`,
      received: entry[key],
      message: `${path}.${key}: applies to ${applies} server; ignored for ${ignoredFor}`,
    });
  }
}

interface ServerContext {
  readonly callTimeoutMs: number;
  readonly callMaxMs: number;
  readonly configDir: string;
  /** Expands placeholders; `context` names what the value is given as, when not the path's last key. */
  readonly expand: (value: string, path: string, context?: string) => string;
  readonly warnings: ConfigWarning[];
}

/** A server's config before the unset variables it refers to are known (they are added by the caller). */
type ServerDraft = DistributiveOmit<UpstreamConfig, 'missingEnv' | 'missingInputs'>;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function resolveServer(name: string, path: string, value: unknown, context: ServerContext): ServerDraft | undefined {
  if (!/^\S+$/.test(name)) throw invalid(`${path}: a server name must be non-empty and have no spaces`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${path}: expected a mapping with 'command' (local server) or 'url' (remote server), got ${describeValue(value)}`);
  }
  const entry = checkedKeys(value as Record<string, unknown>, path, SERVER_KEYS, context.warnings);
  const disabled = entry['disabled'];
  // `disabled: "yes"` used to start the server the user meant to leave out.
  if (disabled !== undefined && disabled !== null && typeof disabled !== 'boolean') {
    throw invalid(
      `${path}.disabled: ${describeValue(disabled)} is not true or false; write disabled: true to leave the server out, or remove the key to start it`,
    );
  }
  if (disabled === true) return undefined;
  const unknownKeys = unknownServerKeys(entry);
  const notes: ServerEntryNotes = unknownKeys.length === 0 ? {} : { ignoredKeys: unknownKeys };
  if (isGatewayItself(entry)) {
    // Pointing the gateway at the client's own config file would otherwise make it start itself, forever.
    context.warnings.push({ path, received: value, message: `${path}: runs 'tool-search serve' (this gateway); skipped` });
    return undefined;
  }
  const callTimeoutMs = milliseconds(entry['timeout_ms'], `${path}.timeout_ms`, context.callTimeoutMs, context.warnings);
  const declared = entry['transport'] ?? entry['type'];
  if (declared !== undefined && typeof declared !== 'string') {
    throw invalid(
      `${path}.${entry['transport'] === undefined ? 'type' : 'transport'}: ${describeValue(declared)} is not a transport name (stdio, http or sse)`,
    );
  }
  const { expand } = context;
  if (typeof entry['command'] === 'string' && entry['command'].trim() !== '') {
    if (declared !== undefined && declared !== 'stdio') {
      throw invalid(`${path}: has 'command' but says transport ${describeValue(declared)}; a local command is spoken to over stdio`);
    }
    if (entry['url'] !== undefined && entry['url'] !== null) {
      context.warnings.push({
        path: `${path}.url`,
        received: entry['url'],
        message: `${path}: has both 'command' and 'url'; it is started as a local command over stdio and 'url' is ignored (remove one of them)`,
      });
    }
    warnOtherKindKeys(entry, path, ['headers'], "a remote ('url')", 'this local command', context.warnings);
    const cwd = typeof entry['cwd'] === 'string' ? resolve(context.configDir, expand(entry['cwd'], `${path}.cwd`)) : undefined;
    return {
      transport: 'stdio',
      name,
      command: expand(entry['command'], `${path}.command`),
      // An argument after `--api-key` or `--token` is named by it.
      args: readStringList(entry['args'], `${path}.args`).map((argument, index, all) =>
        expand(argument, `${path}.args[${index}]`, index > 0 ? all[index - 1] : 'args'),
      ),
      env: stringMap(entry['env'], `${path}.env`, expand),
      ...(cwd === undefined ? {} : { cwd }),
      callTimeoutMs,
      callMaxMs: context.callMaxMs,
      ...notes,
    };
  }
  if (typeof entry['url'] === 'string' && entry['url'].trim() !== '') {
    const written = entry['url'];
    const text = expand(written, `${path}.url`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      // The URL as written, not as expanded: the expansion may hold a secret.
      throw invalid(`${path}.url: ${describeValue(written)} is not a URL (expected e.g. http://127.0.0.1:3001/mcp)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw invalid(`${path}.url: ${describeValue(written)} must start with http:// or https://`);
    if (declared !== undefined && !['http', 'streamable-http', 'streamableHttp', 'sse'].includes(String(declared))) {
      throw invalid(`${path}: transport ${describeValue(declared)} is not one of http, sse for a 'url' server`);
    }
    warnOtherKindKeys(entry, path, ['args', 'env', 'cwd'], "a local ('command')", 'this remote server', context.warnings);
    return {
      transport: declared === 'sse' ? 'sse' : 'http',
      name,
      url,
      displayUrl: maskWrittenUrl(written),
      headers: stringMap(entry['headers'], `${path}.headers`, expand),
      callTimeoutMs,
      callMaxMs: context.callMaxMs,
      ...notes,
    };
  }
  throw invalid(`${path}: needs 'command' (a local server started over stdio) or 'url' (a remote server)${missingKindHint(entry)}`);
}

function isGatewayItself(entry: Record<string, unknown>): boolean {
  const words = [entry['command'], ...(Array.isArray(entry['args']) ? entry['args'] : [])].filter(
    (word): word is string => typeof word === 'string',
  );
  return words.includes('serve') && words.some((word) => /tool-search(\.js)?$/.test(word) || word === 'tool-search');
}

function invalid(message: string): ToolSearchError {
  return new ToolSearchError('invalid_config_file', message);
}

function mapping(value: unknown, path: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw invalid(`${path}: expected a mapping, got ${describeValue(value)}`);
}

function tokens(value: unknown, path: string, fallback: number, warnings: ConfigWarning[]): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 100) return value;
  warnings.push({
    path,
    received: value,
    message: `${path}: ${describeValue(value)} is not a whole number of tokens of at least 100; using ${fallback}`,
  });
  return fallback;
}

function stringMap(value: unknown, path: string, expand: (value: string, path: string) => string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(mapping(value, path))) {
    if (typeof item !== 'string' && typeof item !== 'number' && typeof item !== 'boolean') {
      throw invalid(`${path}.${key}: expected a string, got ${describeValue(item)}`);
    }
    result[key] = expand(String(item), `${path}.${key}`);
  }
  return result;
}

/** A positive whole number of milliseconds, clamped to what a timer can wait; anything else warns and falls back. */
function milliseconds(value: unknown, path: string, fallback: number, warnings: ConfigWarning[]): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value > LONGEST_TIMER_MS) {
    warnings.push({
      path,
      received: value,
      message: `${path}: ${aboveLongestTimer(value)} (a longer one would fire at once); using ${LONGEST_TIMER_MS}`,
    });
    return LONGEST_TIMER_MS;
  }
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  warnings.push({
    path,
    received: value,
    message: `${path}: ${describeValue(value)} is not a positive whole number of milliseconds; using ${fallback}`,
  });
  return fallback;
}
