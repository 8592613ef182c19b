import type Anthropic from '@anthropic-ai/sdk';
import { outcomeText } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import type { RunToolCallsOptions } from '../common/run-tool-calls.ts';
import { answerToolUses } from './answer-tool-uses.ts';

type MessagesTool = Anthropic.Messages.Tool;
type ContentBlock = Anthropic.Messages.ContentBlock;
type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/**
 * The `tools` parameter of a Messages API request for the session's next step, in Anthropic's
 * `{name, description, input_schema}` shape. Byte-identical while the session's tools do not change,
 * so a `cache_control` breakpoint after the tools keeps hitting.
 */
export function toAnthropicTools(session: ToolSearchSession): MessagesTool[] {
  return session.assemble().tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: 'object', ...tool.parameters } as MessagesTool['input_schema'],
  }));
}

/**
 * Runs every `tool_use` block of an assistant message (pass the `Message` or its `content`), in order
 * (or at the same time with `parallel`), through the session's pipeline, and returns the `user`
 * message carrying one `tool_result` per call, ready to append to `messages`. Errors the model caused come back with `is_error: true` and a body
 * `{"error": ..., "code": ...}`; nothing throws. `signal` is passed to every tool.
 */
export async function runAnthropicToolUses(
  session: ToolSearchSession,
  message: { readonly content: readonly ContentBlock[] } | readonly ContentBlock[],
  options: RunToolCallsOptions = {},
): Promise<{ role: 'user'; content: ToolResultBlock[] }> {
  return answerToolUses(message, options, async (block, callOptions): Promise<ToolResultBlock> => {
    const outcome = await session.call(block.name, block.input, { callId: block.id, ...callOptions });
    return {
      type: 'tool_result',
      tool_use_id: block.id,
      content: outcomeText(outcome),
      ...(outcome.ok ? {} : { is_error: true }),
    };
  });
}
