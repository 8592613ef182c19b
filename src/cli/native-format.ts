import { assembleTools } from '../assembly/assemble-tools.ts';
import type { ToolSearchResult } from '../bridge/handle-tool-search.ts';
import { loadableTools, planNativeTools, type NativeToolPlan } from '../bridge/native-tool-plan.ts';
import type { SessionScope } from '../bridge/session-scope.ts';
import { anthropicNativeTools, toolReferenceBlocks } from '../integrations/anthropic/native-tools.ts';
import { responsesNativeTools, toolSearchOutput } from '../integrations/openai/responses-native-tools.ts';
import { emptySearchText } from '../integrations/common/empty-search-text.ts';
import { UsageError } from './usage-error.ts';
import { closestKey } from '../config/closest-key.ts';

/**
 * The wire shapes of native mode the CLI prints: Anthropic Messages with `defer_loading` and
 * `tool_reference`, OpenAI Responses with the client `tool_search` and `tool_search_output`. Only
 * types are taken from the SDKs, so the CLI needs neither installed.
 */
export const NATIVE_FORMATS = Object.freeze(['anthropic-native', 'openai-responses-native'] as const);
export type NativeFormat = (typeof NATIVE_FORMATS)[number];

export function isNativeFormat(format: string): format is NativeFormat {
  return (NATIVE_FORMATS as readonly string[]).includes(format);
}

/**
 * A flag whose value must be one of `accepted`: the value, undefined when the flag is absent, or a
 * UsageError listing the accepted values, with the one most likely meant.
 */
export function choiceOption<Choice extends string>(
  value: string | boolean | undefined,
  flag: string,
  accepted: readonly Choice[],
): Choice | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (accepted as readonly string[]).includes(value)) return value as Choice;
  const meant = typeof value === 'string' ? closestKey(value, accepted) : undefined;
  throw new UsageError(
    `${flag} must be one of ${accepted.join(', ')}, got '${String(value)}'${meant === undefined ? '' : ` (did you mean ${meant}?)`}`,
  );
}

/** The `tools` parameter of a request in native mode for the plan, exactly as the integration sends it. */
export function nativeToolsArray(plan: NativeToolPlan, format: NativeFormat): unknown[] {
  return format === 'anthropic-native' ? anthropicNativeTools(plan) : responsesNativeTools(plan);
}

/**
 * What the integration answers a native tool_search with, for a search result over the plan: the
 * `tool_result` content (tool_reference blocks, or the text saying what to try) for Anthropic; the
 * `tool_search_output` item (without `call_id`, which only a real call has) for OpenAI Responses.
 */
export function nativeSearchOutput(plan: NativeToolPlan, result: ToolSearchResult, format: NativeFormat): unknown {
  const found = loadableTools(
    plan,
    result.matches.map((match) => match.name),
  );
  if (format === 'openai-responses-native') return toolSearchOutput(plan, found, undefined);
  return found.length > 0 ? toolReferenceBlocks(found) : emptySearchText(result);
}

/**
 * `search --format`: the native format asked for, or undefined for the bridge's own result. The two
 * outputs do not mix: `--json` prints the bridge's result, `--format` a native wire shape.
 */
export function readNativeSearchFormat(values: Readonly<Record<string, string | boolean | undefined>>): NativeFormat | undefined {
  const format = choiceOption(values['format'], '--format', NATIVE_FORMATS);
  if (format !== undefined && values['json'] === true) {
    throw new UsageError(`--json prints the bridge's search result and --format ${format} the native one; give one of them`);
  }
  return format;
}

/**
 * Prints one search result as the native wire shape, one JSON line per query. The plan is the one
 * an agent would send with Tool Search on, so every tool the search can find is deferred and
 * loadable, as `search` itself searches whatever the threshold says.
 */
export function nativeSearchPrinter(scope: SessionScope, format: NativeFormat): (result: ToolSearchResult) => string {
  const plan = planNativeTools(
    assembleTools(
      scope.sessionTools.filter((tool) => !(scope.isHidden?.(tool) ?? false)),
      { config: { ...scope.config, enabled: 'on' } },
    ),
  );
  return (result) => `${JSON.stringify(nativeSearchOutput(plan, result, format))}\n`;
}
