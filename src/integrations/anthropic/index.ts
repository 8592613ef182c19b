/**
 * `tool-search/anthropic`: Tool Search for the official Anthropic SDK (Messages API). Uses only the
 * SDK's types; the root entry does not reach it. Bridge mode (`toAnthropicTools`) works with any
 * model and proxy; native mode (`toAnthropicNativeTools`) uses the API's own `defer_loading` and
 * `tool_reference` with our search behind them.
 */
export { runAnthropicToolUses, toAnthropicTools } from './messages.ts';
export { toAnthropicNativeTools, toolReferenceBlocks, type AnthropicNativeToolsOptions } from './native-tools.ts';
export { runAnthropicNativeToolUses } from './native-tool-uses.ts';
export { dropUnresolvableToolReferences } from './drop-unresolvable-references.ts';
export type { RunToolCallsOptions } from '../common/run-tool-calls.ts';
