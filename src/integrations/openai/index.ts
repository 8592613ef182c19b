/**
 * `tool-search/openai`: Tool Search for the official OpenAI SDK, Chat Completions and Responses.
 * Uses only the SDK's types; the root entry does not reach it. Bridge mode (`toResponsesTools`,
 * `toChatTools`) works with any model and proxy; native mode (`toResponsesNativeTools`, Responses
 * only, gpt-5.4 and later) uses the API's own client `tool_search` and `defer_loading` with our
 * search behind them.
 */
export { runChatToolCalls, toChatTools } from './chat-completions.ts';
export { runResponsesToolCalls, toResponsesTools } from './responses.ts';
export { toResponsesNativeTools } from './responses-native-tools.ts';
export { runResponsesNativeToolCalls, type ResponsesNativeReply } from './responses-native-tool-calls.ts';
export type { RunToolCallsOptions } from '../common/run-tool-calls.ts';
