import type OpenAI from 'openai';
import { outcomeText } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import { runEachCall, type RunToolCallsOptions } from '../common/run-tool-calls.ts';

type ResponsesTool = OpenAI.Responses.FunctionTool;
type ResponsesOutputItem = OpenAI.Responses.ResponseOutputItem;
type FunctionCallOutput = OpenAI.Responses.ResponseInputItem.FunctionCallOutput;

/**
 * The `tools` parameter of a Responses API request for the session's next step, in the Responses
 * shape `{type: "function", name, description, parameters, strict: false}` (not strict: the
 * bridge's `arguments` object is free-form). Byte-identical while the session's tools do not change.
 */
export function toResponsesTools(session: ToolSearchSession): ResponsesTool[] {
  return session.assemble().tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters as ResponsesTool['parameters'],
    strict: false,
  }));
}

/**
 * Runs every `function_call` item of a response's `output` (pass the `Response` or its `output`), in
 * order (or at the same time with `parallel`), through the session's pipeline, and returns a `function_call_output` item per call to add to
 * the next request's `input`. Errors the model caused come back as output text
 * `{"error": ..., "code": ...}`; nothing throws. `signal` is passed to every tool.
 */
export async function runResponsesToolCalls(
  session: ToolSearchSession,
  response: { readonly output: readonly ResponsesOutputItem[] } | readonly ResponsesOutputItem[],
  options: RunToolCallsOptions = {},
): Promise<FunctionCallOutput[]> {
  const items = 'output' in response ? response.output : response;
  const calls = items.filter((item) => item.type === 'function_call');
  return runEachCall(calls, options, async (item, callOptions): Promise<FunctionCallOutput> => {
    const outcome = await session.call(item.name, item.arguments, { callId: item.call_id, ...callOptions });
    return { type: 'function_call_output', call_id: item.call_id, output: outcomeText(outcome) };
  });
}
