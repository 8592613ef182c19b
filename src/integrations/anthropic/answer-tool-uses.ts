import type Anthropic from '@anthropic-ai/sdk';
import type { CallOptions } from '../../session/tool-search-session.ts';
import { runEachCall, type RunToolCallsOptions } from '../common/run-tool-calls.ts';

type ContentBlock = Anthropic.Messages.ContentBlock;
type ToolUseBlock = Anthropic.Messages.ToolUseBlock;
type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/**
 * The `user` message answering every `tool_use` block of an assistant message (the `Message` or its
 * `content`): `answer` gives each block's `tool_result`, run one after another or at once as
 * `options.parallel` says; the results keep the model's order. Bridge and native mode differ only in
 * `answer`.
 */
export async function answerToolUses(
  message: { readonly content: readonly ContentBlock[] } | readonly ContentBlock[],
  options: RunToolCallsOptions,
  answer: (block: ToolUseBlock, callOptions: Pick<CallOptions, 'signal'>) => Promise<ToolResultBlock>,
): Promise<{ role: 'user'; content: ToolResultBlock[] }> {
  const blocks = 'content' in message ? message.content : message;
  const uses = blocks.filter((block): block is ToolUseBlock => block.type === 'tool_use');
  return { role: 'user', content: await runEachCall(uses, options, answer) };
}
