import type OpenAI from 'openai';
import { outcomeText } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import { runEachCall, type RunToolCallsOptions } from '../common/run-tool-calls.ts';

type ChatTool = OpenAI.Chat.Completions.ChatCompletionFunctionTool;
type ChatToolCall = OpenAI.Chat.Completions.ChatCompletionMessageToolCall;
type ChatToolMessage = OpenAI.Chat.Completions.ChatCompletionToolMessageParam;

/**
 * The `tools` parameter of a Chat Completions request for the session's next step: the assembled
 * model-visible array (core tools, undeferred tools and, when active, the three bridge tools), in
 * Chat Completions' `{type: "function", function: {...}}` shape. Call it before every request; the
 * result is byte-identical while the session's tools do not change, which keeps the prompt cache.
 */
export function toChatTools(session: ToolSearchSession): ChatTool[] {
  return session.assemble().tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters as ChatTool['function']['parameters'] },
  }));
}

/**
 * Runs the tool calls of an assistant message (bridge or direct), one after another in the model's
 * order (or at the same time with `parallel`), through the session's pipeline, and returns one `role: "tool"` message per call to append to
 * `messages`. Errors the model caused (unknown tool, denied, declined, failed) become tool messages
 * whose content is `{"error": ..., "code": ...}`; Chat Completions has no error flag. Custom (non-
 * function) tool calls are answered with an error message. `signal` is passed to every tool.
 */
export async function runChatToolCalls(
  session: ToolSearchSession,
  message: { readonly tool_calls?: readonly ChatToolCall[] | null | undefined },
  options: RunToolCallsOptions = {},
): Promise<ChatToolMessage[]> {
  return runEachCall(message.tool_calls ?? [], options, async (toolCall, callOptions): Promise<ChatToolMessage> => {
    if (toolCall.type !== 'function') {
      return {
        role: 'tool',
        tool_call_id: toolCall.id,
        content: JSON.stringify({
          error: `Only function tool calls are supported; '${toolCall.custom.name}' is a custom tool.`,
          code: 'unknown_tool',
        }),
      };
    }
    const outcome = await session.call(toolCall.function.name, toolCall.function.arguments, { callId: toolCall.id, ...callOptions });
    return { role: 'tool', tool_call_id: toolCall.id, content: outcomeText(outcome) };
  });
}
