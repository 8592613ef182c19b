import { didYouMean } from './closest-key.ts';
import { describeValue, type ConfigWarning } from './config-warning.ts';

/** `auto` activates above the threshold, `on` whenever a deferrable tool exists, `off` never. */
export type ToolSearchMode = 'auto' | 'on' | 'off';

/** The `tools.tool_search` block with every field set and in range. */
export interface ToolSearchConfig {
  /** @default 'auto' */
  readonly enabled: ToolSearchMode;
  /** Percent of the context length at which `auto` activates (inclusive). Range 0-100. @default 10 */
  readonly thresholdPct: number;
  /** Results for a tool_search without `limit`. Range 1-max_search_limit. @default 5 */
  readonly searchDefaultLimit: number;
  /** Upper bound the model may ask for through `limit`. Range 1-50. @default 20 */
  readonly maxSearchLimit: number;
}

export const DEFAULT_TOOL_SEARCH_CONFIG: ToolSearchConfig = Object.freeze({
  enabled: 'auto',
  thresholdPct: 10,
  searchDefaultLimit: 5,
  maxSearchLimit: 20,
});

export const THRESHOLD_PCT_RANGE = Object.freeze({ min: 0, max: 100 });
export const MAX_SEARCH_LIMIT_RANGE = Object.freeze({ min: 1, max: 50 });

const BLOCK_PATH = 'tools.tool_search';
const KNOWN_KEYS = ['enabled', 'threshold_pct', 'search_default_limit', 'max_search_limit'];

export interface ResolvedToolSearchConfig {
  readonly config: ToolSearchConfig;
  readonly warnings: readonly ConfigWarning[];
}

/**
 * Turns the raw `tools.tool_search` value (from YAML, JSON or code) into a complete config.
 * Never throws: a bad value falls back to its default or is clamped into range, with a warning that
 * names the key, the value and the allowed range; an unknown key is warned about with a did-you-mean
 * (`options.extraKeys` are keys the caller reads itself). The legacy boolean form is normalised here and only
 * here: `true` means `{enabled: auto}`, `false` means `{enabled: off}`.
 */
export function resolveToolSearchConfig(raw: unknown, options: { readonly extraKeys?: readonly string[] } = {}): ResolvedToolSearchConfig {
  const warnings: ConfigWarning[] = [];
  if (raw === undefined || raw === null) return { config: DEFAULT_TOOL_SEARCH_CONFIG, warnings };
  if (typeof raw === 'boolean') {
    return { config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: raw ? 'auto' : 'off' }, warnings };
  }
  if (typeof raw === 'string' && isMode(raw.trim().toLowerCase())) {
    // `tool_search: on` is a natural shorthand; accept it like the legacy boolean.
    return { config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: raw.trim().toLowerCase() as ToolSearchMode }, warnings };
  }
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    warnings.push({
      path: BLOCK_PATH,
      received: raw,
      message: `${BLOCK_PATH}: ${describeValue(raw)} is not a mapping, true/false or auto/on/off; using the defaults`,
    });
    return { config: DEFAULT_TOOL_SEARCH_CONFIG, warnings };
  }
  const block = raw as Record<string, unknown>;
  // `extraKeys` are read by the caller (the CLI's `semantic`): not warned about, and offered as did-you-means.
  const known = [...KNOWN_KEYS, ...(options.extraKeys ?? [])];
  for (const key of Object.keys(block).sort()) {
    if (!known.includes(key)) {
      warnings.push({
        path: `${BLOCK_PATH}.${key}`,
        received: block[key],
        message: `${BLOCK_PATH}.${key}: unknown key, ignored${didYouMean(key, known)} (known keys: ${known.join(', ')})`,
      });
    }
  }
  const enabled = resolveMode(block.enabled, warnings);
  const thresholdPct = resolveNumber(
    block.threshold_pct,
    'threshold_pct',
    {
      ...THRESHOLD_PCT_RANGE,
      fallback: DEFAULT_TOOL_SEARCH_CONFIG.thresholdPct,
      integer: false,
    },
    warnings,
  );
  const maxSearchLimit = resolveNumber(
    block.max_search_limit,
    'max_search_limit',
    {
      ...MAX_SEARCH_LIMIT_RANGE,
      fallback: DEFAULT_TOOL_SEARCH_CONFIG.maxSearchLimit,
      integer: true,
    },
    warnings,
  );
  const searchDefaultLimit = resolveNumber(
    block.search_default_limit,
    'search_default_limit',
    {
      min: 1,
      max: maxSearchLimit,
      fallback: Math.min(DEFAULT_TOOL_SEARCH_CONFIG.searchDefaultLimit, maxSearchLimit),
      integer: true,
    },
    warnings,
  );
  return { config: { enabled, thresholdPct, searchDefaultLimit, maxSearchLimit }, warnings };
}

function isMode(value: string): value is ToolSearchMode {
  return value === 'auto' || value === 'on' || value === 'off';
}

function resolveMode(value: unknown, warnings: ConfigWarning[]): ToolSearchMode {
  if (value === undefined || value === null) return DEFAULT_TOOL_SEARCH_CONFIG.enabled;
  if (value === true) return 'auto';
  if (value === false) return 'off';
  if (typeof value === 'string' && isMode(value.trim().toLowerCase())) return value.trim().toLowerCase() as ToolSearchMode;
  warnings.push({
    path: `${BLOCK_PATH}.enabled`,
    received: value,
    message: `${BLOCK_PATH}.enabled: ${describeValue(value)} is not one of auto, on, off; using ${DEFAULT_TOOL_SEARCH_CONFIG.enabled}`,
  });
  return DEFAULT_TOOL_SEARCH_CONFIG.enabled;
}

interface NumberRule {
  readonly min: number;
  readonly max: number;
  readonly fallback: number;
  readonly integer: boolean;
}

function resolveNumber(value: unknown, key: string, rule: NumberRule, warnings: ConfigWarning[]): number {
  if (value === undefined || value === null) return rule.fallback;
  const path = `${BLOCK_PATH}.${key}`;
  const range = `${rule.min}-${rule.max}`;
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed)) {
    warnings.push({
      path,
      received: value,
      message: `${path}: ${describeValue(value)} is not a number in ${range}; using ${rule.fallback}`,
    });
    return rule.fallback;
  }
  let used = rule.integer ? Math.round(parsed) : parsed;
  used = Math.min(rule.max, Math.max(rule.min, used));
  if (used !== parsed) {
    const why = rule.integer && !Number.isInteger(parsed) && used === Math.round(parsed) ? 'is not a whole number' : `is outside ${range}`;
    warnings.push({ path, received: value, message: `${path}: ${describeValue(value)} ${why}; using ${used}` });
  }
  return used;
}
