/**
 * `tool-search/anthropic`: Tool Search for the official Anthropic SDK (Messages API). Uses only the
 * SDK's types; the root entry does not reach it.
 */
export { runAnthropicToolUses, toAnthropicTools } from './messages.ts';
export type { RunToolCallsOptions } from '../shared/run-tool-calls.ts';
