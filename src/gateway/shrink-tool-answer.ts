import { CallToolResultSchema, ErrorCode, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createRedactor, type Secret } from './redact-secrets.ts';
import { shownCallToolResult } from './shown-call-tool-result.ts';

/** What a tool result relayed by the gateway may be: its result budget, and the secrets taken out first. */
export interface ToolAnswerLimits {
  /** `limits.max_result_tokens`. */
  readonly maxResultTokens: number;
  readonly secrets: readonly Secret[];
}

/**
 * A parsed upstream message with any tool result in it already as a client would be shown it: a
 * response whose `result` carries a `content` list (only a tools/call answer does) is checked as a
 * tool result and replaced by shownCallToolResult's redacted and bounded copy, so that 200,000 blocks
 * or 4 MB of `_meta` are never handed on; one that is not a valid tool result becomes an error
 * response for the same id (as the SDK's own check would reject it, without the request waiting for
 * its deadline). Any other message is returned as it is. Pure.
 */
export function shrinkToolAnswer(message: unknown, limits: ToolAnswerLimits): unknown {
  if (typeof message !== 'object' || message === null || !('result' in message) || !('id' in message)) return message;
  const { result, id } = message as { result: unknown; id: unknown };
  if (typeof result !== 'object' || result === null || !Array.isArray((result as { content?: unknown }).content)) return message;
  const checked = CallToolResultSchema.safeParse(result);
  if (!checked.success) {
    const error = {
      code: ErrorCode.InternalError,
      message: `The server answered with something that is not a valid tool result: ${checked.error.issues[0]?.message ?? 'unknown problem'}`,
    };
    return { jsonrpc: '2.0', id, error } as JSONRPCMessage;
  }
  return { ...message, result: shownCallToolResult(checked.data, limits.maxResultTokens, createRedactor(limits.secrets)) };
}
