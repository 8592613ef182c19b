import type OpenAI from 'openai';
import { outcomeText } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import { runNativeCall } from '../common/run-native-call.ts';
import { runEachCall, type RunToolCallsOptions } from '../common/run-tool-calls.ts';
import { searchForLoading } from '../common/search-for-loading.ts';
import { toolSearchOutput } from './responses-native-tools.ts';

type ResponsesOutputItem = OpenAI.Responses.ResponseOutputItem;
type ToolSearchCall = OpenAI.Responses.ResponseToolSearchCall;
type FunctionCall = OpenAI.Responses.ResponseFunctionToolCall;
type ToolSearchOutput = OpenAI.Responses.ResponseToolSearchOutputItemParam;
type FunctionCallOutput = OpenAI.Responses.ResponseInputItem.FunctionCallOutput;

/** What answers one call of a response: a tool_search_output for a search, a function_call_output for a function. */
export type ResponsesNativeReply = ToolSearchOutput | FunctionCallOutput;

/**
 * Native mode's counterpart of `runResponsesToolCalls`: answers every call of a response's `output`
 * (pass the `Response` or its `output`), in the model's order, with the items to add to the next
 * request's `input` after the response's own output items.
 *
 * - A client-executed `tool_search_call` runs our search (the same code, scope, policy, limit and
 *   activity event as the bridge's tool_search) and is answered with a `tool_search_output` holding
 *   the found functions, best first, inside their namespaces, exactly as the tools array of
 *   `toResponsesNativeTools` declares them. A search that found nothing, or that was refused (bad
 *   arguments), loads nothing: the item has no room for text, so it comes back with no tools.
 *   Server-executed searches (`execution: "server"`) are the API's own and are left alone.
 * - A `function_call` (with or without `namespace`: names are unique across the request, so the name
 *   alone says which tool) is a direct call of the real tool through the session's pipeline
 *   (argument check, hooks, guardrails, approval, activity), answered with a `function_call_output`
 *   whose text is `outcomeText` of the outcome. Calls of `tool_describe` or `tool_call`, which this
 *   mode does not offer, are refused.
 *
 * Nothing throws for what the model did; `signal` reaches every tool; `parallel` runs the calls at
 * the same time (the replies keep the model's order either way).
 */
export async function runResponsesNativeToolCalls(
  session: ToolSearchSession,
  response: { readonly output: readonly ResponsesOutputItem[] } | readonly ResponsesOutputItem[],
  options: RunToolCallsOptions = {},
): Promise<ResponsesNativeReply[]> {
  const items = 'output' in response ? response.output : response;
  const calls = items.filter(
    (item): item is ToolSearchCall | FunctionCall =>
      item.type === 'function_call' || (item.type === 'tool_search_call' && item.execution === 'client'),
  );
  return runEachCall(calls, options, async (item, callOptions): Promise<ResponsesNativeReply> => {
    if (item.type === 'tool_search_call') {
      const callId = item.call_id ?? item.id;
      const search = await searchForLoading(session, item.arguments, { callId, ...callOptions });
      return search.ok ? toolSearchOutput(search.plan, search.tools, item.call_id) : toolSearchOutput(emptyPlan, [], item.call_id);
    }
    const outcome = await runNativeCall(session, item.name, item.arguments, { callId: item.call_id, ...callOptions });
    return { type: 'function_call_output', call_id: item.call_id, output: outcomeText(outcome) };
  });
}

/** The plan behind an answer that loads nothing. */
const emptyPlan = { active: false, direct: [], deferred: [] } as const;
