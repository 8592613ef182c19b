/**
 * `tool-search/openai`: Tool Search for the official OpenAI SDK, Chat Completions and Responses.
 * Uses only the SDK's types; the root entry does not reach it.
 */
export { runChatToolCalls, toChatTools } from './chat-completions.ts';
export { runResponsesToolCalls, toResponsesTools } from './responses.ts';
export type { RunToolCallsOptions } from '../shared/run-tool-calls.ts';
