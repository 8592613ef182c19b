import { didYouMean } from './closest-key.ts';
import { describeValue, type ConfigWarning } from './config-warning.ts';
import { resolveToolSearchConfig, type ToolSearchConfig } from './tool-search-config.ts';

/** The parts of an agent config file Tool Search reads: `model.context_length` and `tools.tool_search`. */
export interface AgentConfig {
  readonly toolSearch: ToolSearchConfig;
  /** Undefined when the file does not say. */
  readonly contextLength: number | undefined;
  /**
   * `tools.tool_search.semantic` as written, when the file has it: it turned on the bundled sentence
   * encoder, since retired (a warning says what to use instead: SEMANTIC_RETIRED); the gateway stops
   * on `true`, which asked for a ranking it would not get. Undefined when absent.
   */
  readonly retiredSemantic: unknown;
  readonly warnings: readonly ConfigWarning[];
}

export interface AgentConfigOptions {
  /**
   * The keys the document may have at its root; any other is warned about, with a did-you-mean.
   * @default undefined: root keys are not checked (an agent's own config has keys of its own)
   */
  readonly rootKeys?: readonly string[];
  /** Known keys of other root blocks (`policy: [deny, require_approval]`, ...): others are warned about. */
  readonly blockKeys?: Readonly<Record<string, readonly string[]>>;
  /**
   * The context length the caller uses when the config gives none or a bad one (the gateway's 200,000),
   * so that a bad value's warning names the figure really used. `contextLength` stays undefined then.
   * @default undefined: an unknown context length, `auto`'s fixed 20,000-token threshold
   */
  readonly defaultContextLength?: number;
}

/** The keys of `model` and `tools` that Tool Search reads; others are warned about. */
const MODEL_KEYS = ['context_length'];
const TOOLS_KEYS = ['tool_search'];

/**
 * Resolves a parsed config document (YAML or JSON, already parsed). Never throws on bad values: each
 * becomes a warning and a default; an unknown key under `model`, `tools` or `tools.tool_search` (or at
 * the root, given `rootKeys`) is a warning with a did-you-mean. An empty document is the default config.
 */
export function resolveAgentConfig(document: unknown, options: AgentConfigOptions = {}): AgentConfig {
  const warnings: ConfigWarning[] = [];
  const root = asMapping(document, '(config root)', warnings);
  if (options.rootKeys !== undefined) warnUnknownKeys(root, '', options.rootKeys, warnings);
  for (const [key, known] of Object.entries(options.blockKeys ?? {})) {
    const block = root[key];
    if (isMapping(block)) warnUnknownKeys(block, `${key}.`, known, warnings);
  }
  const tools = asMapping(root['tools'], 'tools', warnings);
  const model = asMapping(root['model'], 'model', warnings);
  warnUnknownKeys(tools, 'tools.', TOOLS_KEYS, warnings);
  warnUnknownKeys(model, 'model.', MODEL_KEYS, warnings);
  const block = tools['tool_search'];
  const { semantic: semanticValue, ...coreBlock } = isMapping(block) ? block : { semantic: undefined };
  const toolSearch = resolveToolSearchConfig(isMapping(block) ? coreBlock : block, { extraKeys: ['semantic'] });
  warnings.push(...toolSearch.warnings);
  return {
    toolSearch: toolSearch.config,
    contextLength: resolveContextLength(model['context_length'], warnings, 'model.context_length', options.defaultContextLength),
    retiredSemantic: retiredSemantic(semanticValue, warnings),
    warnings,
  };
}

/** Where a config turned on the bundled sentence encoder, since retired. */
export const SEMANTIC_CONFIG_PATH = 'tools.tool_search.semantic';

/** What to use instead of the retired sentence encoder (`--semantic`, `tools.tool_search.semantic`). */
export const SEMANTIC_RETIRED =
  'the bundled sentence encoder was retired; to rank by meaning, give the gateway config search.embeddings: {url, model, api_key} ' +
  '(an OpenAI-compatible embeddings endpoint: OpenAI, Ollama, LM Studio, vLLM, llama.cpp, text-embeddings-inference; docs/gateway.md), ' +
  'or a session the embed option';

/** `tools.tool_search.semantic`, warned about when present (path SEMANTIC_CONFIG_PATH): it is no longer read. */
function retiredSemantic(value: unknown, warnings: ConfigWarning[]): unknown {
  if (value === undefined || value === null) return undefined;
  warnings.push({ path: SEMANTIC_CONFIG_PATH, received: value, message: `${SEMANTIC_CONFIG_PATH}: ignored: ${SEMANTIC_RETIRED}` });
  return value;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A positive whole number of tokens, or undefined with a warning that says what is used instead:
 * `fallback` when the caller has one, else an unknown context length.
 */
export function resolveContextLength(
  value: unknown,
  warnings: ConfigWarning[],
  path = 'model.context_length',
  fallback?: number,
): number | undefined {
  if (value === undefined || value === null) return undefined;
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[_,]/g, '')) : value;
  if (typeof parsed === 'number' && Number.isInteger(parsed) && parsed > 0) return parsed;
  warnings.push({
    path,
    received: value,
    message:
      `${path}: ${describeValue(value)} is not a positive whole number of tokens; ` +
      (fallback === undefined ? 'treating the context length as unknown' : `using ${fallback.toLocaleString('en-US')}`),
  });
  return undefined;
}

/** One warning per key of `block` not in `known`: `model.context_lenght: unknown key, ignored (did you mean ...)`. */
function warnUnknownKeys(block: Record<string, unknown>, prefix: string, known: readonly string[], warnings: ConfigWarning[]): void {
  for (const key of Object.keys(block).sort()) {
    if (known.includes(key)) continue;
    warnings.push({
      path: `${prefix}${key}`,
      received: block[key],
      message: `${prefix}${key}: unknown key, ignored${didYouMean(key, known)} (known keys: ${known.join(', ')})`,
    });
  }
}

function asMapping(value: unknown, path: string, warnings: ConfigWarning[]): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  warnings.push({ path, received: value, message: `${path}: ${describeValue(value)} is not a mapping; ignored` });
  return {};
}
