// The public API, listed by hand: adding a line here makes it public.
export type {
  JsonSchema,
  Tool,
  ToolAnnotations,
  ToolArguments,
  ToolCallContext,
  ToolDefinition,
  ToolExecutor,
  ToolsetKind,
} from './tools/tool.ts';
export { originalNameOf, toDefinition } from './tools/tool.ts';
export { toolsetKindFromName } from './tools/toolset-kind.ts';
export { CORE_TOOL_NAMES, isCoreToolName } from './tools/core-tool-names.ts';
export { matchesAnyGlob, matchesGlob } from './tools/glob.ts';

export type { ConfigWarning } from './config/config-warning.ts';
export type { ResolvedToolSearchConfig, ToolSearchConfig, ToolSearchMode } from './config/tool-search-config.ts';
export {
  DEFAULT_TOOL_SEARCH_CONFIG,
  MAX_SEARCH_LIMIT_RANGE,
  resolveToolSearchConfig,
  THRESHOLD_PCT_RANGE,
} from './config/tool-search-config.ts';

export type { SearchMatch } from './catalog/rank/search-match.ts';
export { searchTools } from './catalog/search-tools.ts';
export type { MeaningRanking, SemanticRanker, SemanticRankerOptions } from './catalog/meaning/semantic-ranker.ts';
export type { TextEmbedder } from './catalog/meaning/text-embedder.ts';
export { createSemanticRanker } from './catalog/meaning/semantic-ranker.ts';
export type { EmbedTexts } from './catalog/meaning/create-embedding-ranker.ts';
export { createEmbeddingRanker, DEFAULT_EMBED_TIMEOUT_MS } from './catalog/meaning/create-embedding-ranker.ts';
export type { MeaningAgreement } from './catalog/meaning/fuse-with-meaning.ts';
export { DEFAULT_MEANING_AGREEMENT } from './catalog/meaning/fuse-with-meaning.ts';
export { searchToolsByMeaning } from './catalog/search-tools-by-meaning.ts';
export { embeddingTextOf } from './catalog/meaning/embedding-text.ts';
export { tokenize } from './catalog/text/tokenize.ts';
export { clipDescription } from './catalog/text/clip-description.ts';

export type { AssemblyOptions, AssemblyResult } from './assembly/assemble-tools.ts';
export { assembleTools } from './assembly/assemble-tools.ts';
export type { TokenCounter } from './assembly/estimate-tokens.ts';
export { countSchemaTokens, estimateTokensFromCharacters } from './assembly/estimate-tokens.ts';
export { decideActivation, thresholdTokensFor, UNKNOWN_CONTEXT_THRESHOLD_TOKENS } from './assembly/decide-activation.ts';
export { isDeferrable } from './assembly/classify-tools.ts';

export { BRIDGE_TOOL_NAMES, isBridgeToolName, TOOL_CALL, TOOL_DESCRIBE, TOOL_SEARCH } from './bridge/bridge-tool-names.ts';
export { buildBridgeTools } from './bridge/bridge-tool-definitions.ts';
export type { ToolSearchMatch, ToolSearchResult } from './bridge/handle-tool-search.ts';
export { searchCatalog } from './bridge/handle-tool-search.ts';
export type { SessionScope } from './bridge/session-scope.ts';
export { buildSessionScope } from './bridge/session-scope.ts';

export type { CallOutcome, ModelError, ModelErrorCode } from './dispatch/call-outcome.ts';
export { outcomeText } from './dispatch/call-outcome.ts';
export type { ArgumentCheck, ArgumentProblem, ArgumentValidator } from './dispatch/argument-validator.ts';
export { invalidArgumentsMessage, MAX_REPORTED_PROBLEMS } from './dispatch/invalid-arguments-message.ts';
export { summarizeParameters } from './dispatch/summarize-parameters.ts';
export type { ResultLimits } from './config/result-limits.ts';
export { DEFAULT_MAX_DESCRIBE_TOKENS, DEFAULT_MAX_RESULT_TOKENS, DEFAULT_RESULT_LIMITS } from './config/result-limits.ts';
export { cutText } from './dispatch/cut-text.ts';
export { boundOutcome } from './dispatch/bound-outcome.ts';
export type { DescribedTool } from './bridge/shorten-described-tool.ts';
export { shortenDescribedTool } from './bridge/shorten-described-tool.ts';
export type {
  ActivityEvent,
  ActivityListener,
  ActivityOutcome,
  AfterCallHook,
  ApprovalDecision,
  Approver,
  BeforeCallDecision,
  BeforeCallHook,
  CallActivityEvent,
  CatalogActivityEvent,
  DispatchHooks,
  Guardrail,
  GuardrailVerdict,
  ToolGuardrail,
} from './dispatch/hooks.ts';
export { ACTIVITY_TEXT_MAX, isCallActivity } from './dispatch/hooks.ts';

export type { FixedRequests, RequestCounts, RequestSources, RequestSourcesOptions } from './requests/request-sources.ts';
export { createRequestSources, learnedRequestText } from './requests/request-sources.ts';
export type { LearnedRequest, LearnedRequestBounds, LearnedRequestStore, LearnedRequestTable } from './requests/learned-requests.ts';
export {
  createLearnedRequestTable,
  DEFAULT_MAX_LEARNED_CHARACTERS,
  DEFAULT_MAX_LEARNED_PER_TOOL,
  DEFAULT_MAX_LEARNED_TOTAL,
} from './requests/learned-requests.ts';
export type { RequestBounds } from './requests/merge-requests.ts';
export { DEFAULT_MAX_REQUEST_CHARACTERS, DEFAULT_MAX_REQUESTS_PER_TOOL, mergeRequests } from './requests/merge-requests.ts';
export { stripArgumentValues } from './requests/strip-argument-values.ts';
export { toolContentKey } from './requests/tool-content-key.ts';
export type { RequestWritingOptions, WriteRequests, WritingTimers, WrittenRequestCache } from './requests/write-requests-in-background.ts';
export {
  createWrittenRequestMemory,
  DEFAULT_WRITE_BATCH_SIZE,
  DEFAULT_WRITE_RETRY_MAX_MS,
  DEFAULT_WRITE_RETRY_MS,
  DEFAULT_WRITE_TIMEOUT_MS,
} from './requests/write-requests-in-background.ts';

export type { CallOptions, ToolSearchSession, ToolSearchSessionOptions } from './session/tool-search-session.ts';
export { createToolSearchSession } from './session/tool-search-session.ts';

export type { ToolSearchErrorCode } from './errors/tool-search-error.ts';
export { ToolSearchError } from './errors/tool-search-error.ts';

export type { ToolFormat, WireTool } from './adapters/tool-format.ts';
export { formatTools, readToolDefinition, TOOL_FORMATS } from './adapters/tool-format.ts';
export type { OpenAIFunctionTool } from './adapters/openai/openai-tool.ts';
export { fromOpenAITool, toOpenAITool } from './adapters/openai/openai-tool.ts';
export type { AnthropicTool } from './adapters/anthropic/anthropic-tool.ts';
export { fromAnthropicTool, toAnthropicTool } from './adapters/anthropic/anthropic-tool.ts';
export type { McpTool } from './adapters/mcp/mcp-tool.ts';
export { fromMcpTool, toMcpTool } from './adapters/mcp/mcp-tool.ts';
