import { TOOL_SEARCH } from '../../bridge/bridge-tool-names.ts';
import type { ToolSearchResult } from '../../bridge/handle-tool-search.ts';
import { loadableTools, planNativeTools, type NativeToolPlan } from '../../bridge/native-tool-plan.ts';
import type { CallOutcome } from '../../dispatch/call-outcome.ts';
import type { CallOptions, ToolSearchSession } from '../../session/tool-search-session.ts';
import type { Tool } from '../../tools/tool.ts';

/** What a native tool_search found: the tools to load, best first, or why there are none. */
export type LoadingSearch =
  | {
      readonly ok: true;
      /** Deferred tools of the current plan, in the search's order (at most its limit). */
      readonly tools: readonly Tool[];
      /** The search result as bridge mode would give it (its `hint` says what to try when empty). */
      readonly result: ToolSearchResult;
      /** The plan the tools were checked against: build the wire shapes from it. */
      readonly plan: NativeToolPlan;
    }
  | { readonly ok: false; readonly outcome: CallOutcome & { ok: false } };

/**
 * Runs the model's native tool_search through the session, exactly as the bridge's: same scope,
 * policy, limit, ranking and activity event. The matches are then kept only where the session's
 * current plan defers them, so nothing hidden, out of scope or undefined in the request is loaded.
 */
export async function searchForLoading(session: ToolSearchSession, rawArguments: unknown, options: CallOptions): Promise<LoadingSearch> {
  const outcome = await session.call(TOOL_SEARCH, rawArguments, options);
  if (!outcome.ok) return { ok: false, outcome };
  const plan = planNativeTools(session.assemble());
  const result = readSearchResult(outcome.value);
  return {
    ok: true,
    tools: loadableTools(
      plan,
      result.matches.map((match) => match.name),
    ),
    result,
    plan,
  };
}

/** The search result, or an empty one when it is not the expected object (never expected; fail closed). */
function readSearchResult(value: unknown): ToolSearchResult {
  const record = typeof value === 'object' && value !== null ? (value as Partial<ToolSearchResult>) : {};
  const matches = Array.isArray(record.matches) ? record.matches.filter((match) => typeof match?.name === 'string') : [];
  return {
    query: typeof record.query === 'string' ? record.query : '',
    total_available: typeof record.total_available === 'number' ? record.total_available : 0,
    matches,
    ...(typeof record.hint === 'string' ? { hint: record.hint } : {}),
  };
}
