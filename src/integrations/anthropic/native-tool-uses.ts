import type Anthropic from '@anthropic-ai/sdk';
import { TOOL_SEARCH } from '../../bridge/bridge-tool-names.ts';
import { outcomeText } from '../../dispatch/call-outcome.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import { runNativeCall } from '../common/run-native-call.ts';
import type { RunToolCallsOptions } from '../common/run-tool-calls.ts';
import { answerToolUses } from './answer-tool-uses.ts';
import { searchForLoading } from '../common/search-for-loading.ts';
import { emptySearchText } from '../common/empty-search-text.ts';
import { toolReferenceBlocks } from './native-tools.ts';

type ContentBlock = Anthropic.Messages.ContentBlock;
type ToolResultBlock = Anthropic.Messages.ToolResultBlockParam;

/**
 * Native mode's counterpart of `runAnthropicToolUses`: runs every `tool_use` block of an assistant
 * message and returns the `user` message with one `tool_result` per call. A `tool_search` is answered
 * with `tool_reference` blocks naming the deferred tools it found, best first (at most its limit), or
 * with text saying what to try when it found none; any other tool is a direct call of the real tool
 * through the session's pipeline (argument check, hooks, guardrails, approval, activity). Errors the
 * model caused come back as text with `is_error: true` (the API takes only text in an error result).
 */
export async function runAnthropicNativeToolUses(
  session: ToolSearchSession,
  message: { readonly content: readonly ContentBlock[] } | readonly ContentBlock[],
  options: RunToolCallsOptions = {},
): Promise<{ role: 'user'; content: ToolResultBlock[] }> {
  return answerToolUses(message, options, async (block, callOptions): Promise<ToolResultBlock> => {
    const base = { type: 'tool_result' as const, tool_use_id: block.id };
    if (block.name === TOOL_SEARCH) {
      const search = await searchForLoading(session, block.input, { callId: block.id, ...callOptions });
      if (!search.ok) return { ...base, content: outcomeText(search.outcome), is_error: true };
      return { ...base, content: search.tools.length > 0 ? toolReferenceBlocks(search.tools) : emptySearchText(search.result) };
    }
    const outcome = await runNativeCall(session, block.name, block.input, { callId: block.id, ...callOptions });
    return { ...base, content: outcomeText(outcome), ...(outcome.ok ? {} : { is_error: true }) };
  });
}
