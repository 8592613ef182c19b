/**
 * `tool-search/ai`: Tool Search for the Vercel AI SDK (v6). Reaches the `ai` package; the root entry does not.
 */
export type { AiSdkToolSearch } from './create-ai-sdk-tools.ts';
export { createAiSdkTools } from './create-ai-sdk-tools.ts';
export type { AiSdkBackedTool, FromAiSdkToolsOptions } from './from-ai-sdk-tools.ts';
export { fromAiSdkTools, isAiSdkBackedTool } from './from-ai-sdk-tools.ts';
export { outcomeToModelOutput } from './outcome-to-model-output.ts';
