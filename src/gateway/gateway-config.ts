import { resolve } from 'node:path';
import { resolveAgentConfig, SEMANTIC_CONFIG_PATH } from '../config/agent-config.ts';
import { describeValue, type ConfigWarning } from '../config/config-warning.ts';
import type { ToolSearchConfig } from '../config/tool-search-config.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { expandPlaceholders, UnknownPlaceholderError, type PlaceholderValues } from './expand-placeholders.ts';

/** Context length `auto` is sized for when the config does not say (the default). */
export const DEFAULT_GATEWAY_CONTEXT_LENGTH = 200_000;
/**
 * How long one `tools/call` to an upstream may go without an answer or a progress notification before
 * it is cancelled. Under the usual 60 s client timeout, so the gateway's explanation reaches the client
 * before the client gives up. @default 50 s
 */
export const DEFAULT_CALL_TIMEOUT_MS = 50_000;
/** How long one `tools/call` may take in all, however much progress it reports. @default 10 minutes */
export const DEFAULT_CALL_MAX_MS = 10 * 60_000;
/** How long connecting to an upstream and listing its tools may take. @default 20 s */
export const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;

/** An upstream run as a local process, spoken to over stdio. */
export interface StdioUpstreamConfig {
  readonly transport: 'stdio';
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the SDK's safe default environment (PATH, HOME, ...). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Idle limit of one call: progress notifications reset it. */
  readonly callTimeoutMs: number;
  /** Overall limit of one call, which progress cannot extend. */
  readonly callMaxMs: number;
}

/** A remote upstream: Streamable HTTP, falling back to the older SSE transport unless `sse` is forced. */
export interface HttpUpstreamConfig {
  readonly transport: 'http' | 'sse';
  readonly name: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /** Idle limit of one call: progress notifications reset it. */
  readonly callTimeoutMs: number;
  /** Overall limit of one call, which progress cannot extend. */
  readonly callMaxMs: number;
}

export type UpstreamConfig = StdioUpstreamConfig | HttpUpstreamConfig;

/** A gateway config file, resolved: every field set. */
export interface GatewayConfig {
  readonly toolSearch: ToolSearchConfig;
  /**
   * `tools.tool_search.semantic`: rank tool_search results by meaning too. `tool-search serve` then
   * loads the sentence encoder and passes a ranker as `GatewayOptions.semantic`; `createGateway` itself
   * only uses the ranker it is given. @default false
   */
  readonly semantic: boolean;
  /** @default DEFAULT_GATEWAY_CONTEXT_LENGTH */
  readonly contextLength: number;
  /** Upstreams in name order; `disabled: true` ones left out. */
  readonly servers: readonly UpstreamConfig[];
  /** Globs of model-visible names that stay visible when Tool Search is active. */
  readonly pin: readonly string[];
  /** Globs of model-visible names the gateway refuses to call. */
  readonly deny: readonly string[];
  /** Globs of model-visible names that need the user's approval (MCP elicitation) first. */
  readonly requireApproval: readonly string[];
  /** Absolute path of the JSON-lines activity log; undefined for none. */
  readonly activityLog: string | undefined;
  readonly connectTimeoutMs: number;
}

export interface ResolvedGatewayConfig {
  readonly config: GatewayConfig;
  readonly warnings: readonly ConfigWarning[];
}

const ROOT_KEYS = ['model', 'tools', 'mcp_servers', 'mcpServers', 'servers', 'pin', 'policy', 'activity_log', 'timeouts'];
const SERVER_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'headers', 'type', 'transport', 'timeout_ms', 'disabled'];

/**
 * Resolves a parsed gateway config document (YAML or JSON). Accepts `mcp_servers`, the `mcpServers`
 * of Claude Desktop and Cursor, and the `servers` of VS Code's mcp.json (several may be present; a name
 * in two of them is an error). Strings may use
 * the placeholders of {@link expandPlaceholders}; relative `cwd` and `activity_log` paths are taken
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
  const agent = resolveAgentConfig(root);
  // The gateway loads a model for `semantic`, so a wrong value stops it instead of quietly ranking by
  // words alone, as the agent config would: a typo costs nothing to fix.
  const badSemantic = agent.warnings.find((warning) => warning.path === SEMANTIC_CONFIG_PATH);
  if (badSemantic !== undefined) throw invalid(`${SEMANTIC_CONFIG_PATH}: ${describeValue(badSemantic.received)} is not true or false`);
  const warnings: ConfigWarning[] = [...agent.warnings];
  for (const key of Object.keys(root).sort()) {
    if (!ROOT_KEYS.includes(key)) {
      warnings.push({ path: key, received: root[key], message: `${key}: unknown key, ignored (known keys: ${ROOT_KEYS.join(', ')})` });
    }
  }
  const expand = (value: string, path: string): string => {
    try {
      return expandPlaceholders(value, placeholders);
    } catch (error) {
      if (error instanceof UnknownPlaceholderError) throw invalid(`${path}: ${error.message}`);
      throw error;
    }
  };
  const timeouts = mapping(root['timeouts'], 'timeouts');
  const callTimeoutMs = milliseconds(timeouts['call_ms'], 'timeouts.call_ms', DEFAULT_CALL_TIMEOUT_MS, warnings);
  const callMaxMs = milliseconds(timeouts['call_max_ms'], 'timeouts.call_max_ms', DEFAULT_CALL_MAX_MS, warnings);
  const connectTimeoutMs = milliseconds(timeouts['connect_ms'], 'timeouts.connect_ms', DEFAULT_CONNECT_TIMEOUT_MS, warnings);

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
    const server = resolveServer(name, path, value, { callTimeoutMs, callMaxMs, configDir: placeholders.configDir, expand, warnings });
    if (server !== undefined) servers.push(server);
  }
  if (servers.length === 0) {
    warnings.push({ path: 'mcp_servers', received: root['mcp_servers'], message: 'mcp_servers: no servers configured; the gateway will offer no tools' });
  }
  const policy = mapping(root['policy'], 'policy');
  const activityLog = root['activity_log'];
  if (activityLog !== undefined && activityLog !== null && typeof activityLog !== 'string') {
    throw invalid(`activity_log: ${describeValue(activityLog)} is not a file path`);
  }
  return {
    config: {
      toolSearch: agent.toolSearch,
      semantic: agent.semantic,
      contextLength: agent.contextLength ?? DEFAULT_GATEWAY_CONTEXT_LENGTH,
      servers,
      pin: globs(root['pin'], 'pin'),
      deny: globs(policy['deny'], 'policy.deny'),
      requireApproval: globs(policy['require_approval'], 'policy.require_approval'),
      activityLog:
        typeof activityLog === 'string' && activityLog.trim() !== ''
          ? resolve(placeholders.configDir, expand(activityLog, 'activity_log'))
          : undefined,
      connectTimeoutMs,
    },
    warnings,
  };
}

interface ServerContext {
  readonly callTimeoutMs: number;
  readonly callMaxMs: number;
  readonly configDir: string;
  readonly expand: (value: string, path: string) => string;
  readonly warnings: ConfigWarning[];
}

function resolveServer(name: string, path: string, value: unknown, context: ServerContext): UpstreamConfig | undefined {
  if (!/^\S+$/.test(name)) throw invalid(`${path}: a server name must be non-empty and have no spaces`);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`${path}: expected a mapping with 'command' (local server) or 'url' (remote server), got ${describeValue(value)}`);
  }
  const entry = value as Record<string, unknown>;
  for (const key of Object.keys(entry).sort()) {
    if (!SERVER_KEYS.includes(key)) {
      context.warnings.push({ path: `${path}.${key}`, received: entry[key], message: `${path}.${key}: unknown key, ignored (known keys: ${SERVER_KEYS.join(', ')})` });
    }
  }
  if (entry['disabled'] === true) return undefined;
  if (isGatewayItself(entry)) {
    // Pointing the gateway at the client's own config file would otherwise make it start itself, forever.
    context.warnings.push({ path, received: value, message: `${path}: runs 'tool-search serve' (this gateway); skipped` });
    return undefined;
  }
  const callTimeoutMs = milliseconds(entry['timeout_ms'], `${path}.timeout_ms`, context.callTimeoutMs, context.warnings);
  const declared = entry['transport'] ?? entry['type'];
  const { expand } = context;
  if (typeof entry['command'] === 'string' && entry['command'].trim() !== '') {
    if (declared !== undefined && declared !== 'stdio') {
      throw invalid(`${path}: has 'command' but says transport ${describeValue(declared)}; a local command is spoken to over stdio`);
    }
    const cwd = typeof entry['cwd'] === 'string' ? resolve(context.configDir, expand(entry['cwd'], `${path}.cwd`)) : undefined;
    return {
      transport: 'stdio',
      name,
      command: expand(entry['command'], `${path}.command`),
      args: strings(entry['args'], `${path}.args`).map((argument, index) => expand(argument, `${path}.args[${index}]`)),
      env: stringMap(entry['env'], `${path}.env`, expand),
      ...(cwd === undefined ? {} : { cwd }),
      callTimeoutMs,
      callMaxMs: context.callMaxMs,
    };
  }
  if (typeof entry['url'] === 'string' && entry['url'].trim() !== '') {
    const text = expand(entry['url'], `${path}.url`);
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw invalid(`${path}.url: ${describeValue(text)} is not a URL (expected e.g. http://127.0.0.1:3001/mcp)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`${path}.url: ${describeValue(text)} must start with http:// or https://`);
    if (declared !== undefined && !['http', 'streamable-http', 'streamableHttp', 'sse'].includes(String(declared))) {
      throw invalid(`${path}: transport ${describeValue(declared)} is not one of http, sse for a 'url' server`);
    }
    return { transport: declared === 'sse' ? 'sse' : 'http', name, url, headers: stringMap(entry['headers'], `${path}.headers`, expand), callTimeoutMs, callMaxMs: context.callMaxMs };
  }
  throw invalid(`${path}: needs 'command' (a local server started over stdio) or 'url' (a remote server)`);
}

function isGatewayItself(entry: Record<string, unknown>): boolean {
  const words = [entry['command'], ...(Array.isArray(entry['args']) ? entry['args'] : [])].filter((word): word is string => typeof word === 'string');
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

function strings(value: unknown, path: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalid(`${path}: expected a list of strings, got ${describeValue(value)}`);
  return value.map((item, index) => {
    if (typeof item === 'string') return item;
    if (typeof item === 'number' || typeof item === 'boolean') return String(item);
    throw invalid(`${path}[${index}]: expected a string, got ${describeValue(item)}`);
  });
}

function globs(value: unknown, path: string): string[] {
  if (typeof value === 'string') return [value];
  return strings(value, path);
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

function milliseconds(value: unknown, path: string, fallback: number, warnings: ConfigWarning[]): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  warnings.push({ path, received: value, message: `${path}: ${describeValue(value)} is not a positive whole number of milliseconds; using ${fallback}` });
  return fallback;
}

