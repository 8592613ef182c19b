import { didYouMean } from '../config/closest-key.ts';
import { describeValue, type ConfigWarning } from '../config/config-warning.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { DEFAULT_EMBEDDINGS_TIMEOUT_MS, MAX_EMBEDDING_DIMENSIONS } from '../embeddings/openai-embedder.ts';
import { aboveLongestTimer, LONGEST_TIMER_MS } from './longest-timer.ts';

/** The keys the `search` block accepts. */
export const SEARCH_CONFIG_KEYS: readonly string[] = ['pack', 'learn', 'expand', 'embeddings'];
/** The keys `search.expand` accepts. */
export const EXPAND_CONFIG_KEYS: readonly string[] = ['url', 'model', 'api_key', 'timeout_ms', 'tools'];
/** What `search.expand.tools` accepts: the tools the model writes requests for. */
export const EXPAND_TOOLS: readonly ['uncovered', 'all'] = ['uncovered', 'all'];
/** The keys `search.embeddings` accepts. */
export const EMBEDDINGS_CONFIG_KEYS: readonly string[] = ['url', 'model', 'api_key', 'dimensions', 'timeout_ms'];
/** How long one call of `search.expand`'s endpoint may take (a batch of tools). @default 60 s */
export const DEFAULT_EXPAND_TIMEOUT_MS = 60_000;

/** `search.expand`: the user's own model, writing requests for tools at index time. */
export interface ExpandConfig {
  /** An OpenAI-compatible endpoint (its base, or the full `.../chat/completions`), placeholders expanded. */
  readonly url: string;
  /** The URL as written in the config (placeholders unexpanded): what messages show. */
  readonly displayUrl: string;
  readonly model: string;
  /** Sent as a bearer token; a secret (redacted everywhere). Undefined when not given. */
  readonly apiKey: string | undefined;
  /** @default DEFAULT_EXPAND_TIMEOUT_MS */
  readonly timeoutMs: number;
  /** The tools the model writes for: all, or only those the request pack gives no requests (uncovered). @default 'all' */
  readonly tools: (typeof EXPAND_TOOLS)[number];
}

/** `search.embeddings`: the user's own embedding endpoint, for tool_search's ranking by meaning (docs/gateway.md). */
export interface EmbeddingsConfig {
  /** An OpenAI-compatible endpoint (its base, or the full `.../embeddings`), placeholders expanded. */
  readonly url: string;
  /** The URL as written in the config (placeholders unexpanded): what messages show. */
  readonly displayUrl: string;
  readonly model: string;
  /** Sent as a bearer token; a secret (redacted everywhere). Undefined when not given. */
  readonly apiKey: string | undefined;
  /** The vectors' width asked of the endpoint (OpenAI's text-embedding-3 models shorten theirs); undefined: the model's own. */
  readonly dimensions: number | undefined;
  /** How long one call embedding tools may take; a search waits for its query's vector 2 s at most. @default DEFAULT_EMBEDDINGS_TIMEOUT_MS */
  readonly timeoutMs: number;
}

/** The `search` block of a gateway config, resolved: where tools' requests come from (docs/requests.md). */
export interface SearchConfig {
  /** `search.pack`: attach the shipped request pack's requests to the tools of servers it recognises. @default true */
  readonly pack: boolean;
  /** `search.learn`: learn requests from searches followed by a successful call, kept in the state folder. @default false */
  readonly learn: boolean;
  /** `search.expand`: ask the user's model for requests; undefined when off. @default off */
  readonly expand: ExpandConfig | undefined;
  /** `search.embeddings`: rank by meaning too, with the user's embedding endpoint; undefined when off. @default off */
  readonly embeddings: EmbeddingsConfig | undefined;
}

export const DEFAULT_SEARCH_CONFIG: SearchConfig = Object.freeze({ pack: true, learn: false, expand: undefined, embeddings: undefined });

/**
 * Resolves the `search` block. Unknown keys are warnings with a did-you-mean (nothing they could turn
 * on protects anything); a bad value is a ToolSearchError (`invalid_config_file`) with a one-line
 * message naming the key, since a request source quietly left off or on is not what the user wrote.
 * `expand` replaces placeholders (`${env:NAME}`) and throws for unknown or unset ones. An api_key is
 * never part of a message (a wrong one is described by its type only).
 */
export function resolveSearchConfig(
  raw: unknown,
  expand: (value: string, path: string) => string,
  warnings: ConfigWarning[],
): SearchConfig {
  if (raw === undefined || raw === null) return DEFAULT_SEARCH_CONFIG;
  const block = mapping(raw, 'search', SEARCH_CONFIG_KEYS);
  warnUnknown(block, 'search', SEARCH_CONFIG_KEYS, warnings);
  return {
    pack: flag(block['pack'], 'search.pack', DEFAULT_SEARCH_CONFIG.pack),
    learn: flag(block['learn'], 'search.learn', DEFAULT_SEARCH_CONFIG.learn),
    expand: resolveExpand(block['expand'], expand, warnings),
    embeddings: resolveEmbeddings(block['embeddings'], expand, warnings),
  };
}

function resolveEmbeddings(
  raw: unknown,
  expand: (value: string, path: string) => string,
  warnings: ConfigWarning[],
): EmbeddingsConfig | undefined {
  if (raw === undefined || raw === null || raw === false) return undefined;
  const path = 'search.embeddings';
  const block = mapping(raw, path, EMBEDDINGS_CONFIG_KEYS);
  warnUnknown(block, path, EMBEDDINGS_CONFIG_KEYS, warnings);
  const { url, displayUrl } = endpointUrl(block['url'], path, expand, 'e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1');
  const model = block['model'];
  if (typeof model !== 'string' || model.trim() === '')
    throw invalid(`${path}.model: ${describeValue(model)} is not a model name (e.g. text-embedding-3-small or nomic-embed-text)`);
  const key = block['api_key'];
  if (key !== undefined && key !== null && typeof key !== 'string')
    throw invalid(`${path}.api_key: expected a string (e.g. "\${env:OPENAI_API_KEY}"), got a ${Array.isArray(key) ? 'list' : typeof key}`);
  const dimensions = block['dimensions'];
  if (
    dimensions !== undefined &&
    dimensions !== null &&
    !(typeof dimensions === 'number' && Number.isInteger(dimensions) && dimensions >= 1 && dimensions <= MAX_EMBEDDING_DIMENSIONS)
  ) {
    throw invalid(
      `${path}.dimensions: ${describeValue(dimensions)} is not a whole number from 1 to ${MAX_EMBEDDING_DIMENSIONS} (leave it out for the model's own width)`,
    );
  }
  return {
    url,
    displayUrl,
    model: expand(model, `${path}.model`),
    apiKey: typeof key === 'string' && key !== '' ? expand(key, `${path}.api_key`) : undefined,
    dimensions: typeof dimensions === 'number' ? dimensions : undefined,
    timeoutMs: timeoutOf(block['timeout_ms'], `${path}.timeout_ms`, DEFAULT_EMBEDDINGS_TIMEOUT_MS),
  };
}

/** An endpoint's URL (http or https), placeholders expanded, and as written. */
function endpointUrl(
  written: unknown,
  path: string,
  expand: (value: string, path: string) => string,
  example: string,
): { url: string; displayUrl: string } {
  if (typeof written !== 'string' || written.trim() === '')
    throw invalid(`${path}.url: ${describeValue(written)} is not a URL; give an OpenAI-compatible endpoint (${example})`);
  const url = expand(written, `${path}.url`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`${path}.url: ${describeValue(written)} is not a URL (${example})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`${path}.url: ${describeValue(written)} must start with http:// or https://`);
  return { url, displayUrl: written };
}

/** A timeout in milliseconds: a positive whole number within the longest timer Node keeps, or `fallback` when absent. */
function timeoutOf(value: unknown, path: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  if (!(typeof value === 'number' && Number.isInteger(value) && value > 0))
    throw invalid(`${path}: ${describeValue(value)} is not a positive whole number of milliseconds`);
  if (value > LONGEST_TIMER_MS) throw invalid(`${path}: ${aboveLongestTimer(value)}; give at most ${LONGEST_TIMER_MS}`);
  return value;
}

function resolveExpand(raw: unknown, expand: (value: string, path: string) => string, warnings: ConfigWarning[]): ExpandConfig | undefined {
  if (raw === undefined || raw === null || raw === false) return undefined;
  const block = mapping(raw, 'search.expand', EXPAND_CONFIG_KEYS);
  warnUnknown(block, 'search.expand', EXPAND_CONFIG_KEYS, warnings);
  const written = block['url'];
  if (typeof written !== 'string' || written.trim() === '') {
    throw invalid(
      `search.expand.url: ${describeValue(written)} is not a URL; give an OpenAI-compatible endpoint such as http://127.0.0.1:11434/v1`,
    );
  }
  const url = expand(written, 'search.expand.url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid(`search.expand.url: ${describeValue(written)} is not a URL (expected e.g. http://127.0.0.1:11434/v1)`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw invalid(`search.expand.url: ${describeValue(written)} must start with http:// or https://`);
  const model = block['model'];
  if (typeof model !== 'string' || model.trim() === '')
    throw invalid(`search.expand.model: ${describeValue(model)} is not a model name (e.g. qwen3:8b)`);
  const key = block['api_key'];
  if (key !== undefined && key !== null && typeof key !== 'string')
    throw invalid(
      `search.expand.api_key: expected a string (e.g. "\${env:OPENAI_API_KEY}"), got a ${Array.isArray(key) ? 'list' : typeof key}`,
    );
  const timeout = block['timeout_ms'];
  if (timeout !== undefined && timeout !== null && !(typeof timeout === 'number' && Number.isInteger(timeout) && timeout > 0)) {
    throw invalid(`search.expand.timeout_ms: ${describeValue(timeout)} is not a positive whole number of milliseconds`);
  }
  if (typeof timeout === 'number' && timeout > LONGEST_TIMER_MS)
    throw invalid(`search.expand.timeout_ms: ${aboveLongestTimer(timeout)}; give at most ${LONGEST_TIMER_MS}`);
  const tools = block['tools'] ?? 'all';
  if (!EXPAND_TOOLS.includes(tools as never))
    throw invalid(
      `search.expand.tools: ${describeValue(tools)} is not one of ${EXPAND_TOOLS.join(', ')} (uncovered: only the tools the request pack has no requests for)`,
    );
  return {
    url,
    displayUrl: written,
    model: expand(model, 'search.expand.model'),
    apiKey: typeof key === 'string' && key !== '' ? expand(key, 'search.expand.api_key') : undefined,
    timeoutMs: typeof timeout === 'number' ? timeout : DEFAULT_EXPAND_TIMEOUT_MS,
    tools: tools as (typeof EXPAND_TOOLS)[number],
  };
}

function mapping(raw: unknown, path: string, keys: readonly string[]): Record<string, unknown> {
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as Record<string, unknown>;
  throw invalid(`${path}: expected a mapping with ${keys.join(', ')}, got ${describeValue(raw)}`);
}

function flag(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  throw invalid(`${path}: ${describeValue(value)} is not true or false`);
}

function warnUnknown(block: Record<string, unknown>, path: string, known: readonly string[], warnings: ConfigWarning[]): void {
  for (const key of Object.keys(block).sort()) {
    if (known.includes(key)) continue;
    warnings.push({
      path: `${path}.${key}`,
      received: block[key],
      message: `${path}.${key}: unknown key, ignored${didYouMean(key, known)} (known keys: ${known.join(', ')})`,
    });
  }
}

function invalid(message: string): ToolSearchError {
  return new ToolSearchError('invalid_config_file', message);
}
