/**
 * How much of one call's answer reaches the model, in estimated tokens (characters / 4, as
 * `estimateTokensFromCharacters`): a tool can answer with megabytes, and the whole answer would land
 * in the model's context and stay there for the rest of the conversation.
 */
export interface ResultLimits {
  /**
   * A result (what `outcomeText` gives the model) longer than this is cut, with a note saying how much
   * was left out. `Infinity` turns the cut off (the gateway cuts MCP results block by block itself).
   * @default DEFAULT_MAX_RESULT_TOKENS
   */
  readonly maxResultTokens: number;
  /**
   * A tool_describe answer longer than this is shortened: nested descriptions first, then examples,
   * defaults and titles, then the tool's own description; never what a correct call needs.
   * @default DEFAULT_MAX_DESCRIBE_TOKENS
   */
  readonly maxDescribeTokens: number;
  /**
   * The most a tool_describe answer may be even when what a correct call needs is larger than
   * `maxDescribeTokens`: past it the parameters are cut structurally (a level of subschemas at a time,
   * each kept as its type), so the answer is never text cut mid-JSON. @default maxResultTokens
   */
  readonly describeCeilingTokens?: number;
}

/** 25,000 estimated tokens: a large answer, still a small share of a 200,000-token window. */
export const DEFAULT_MAX_RESULT_TOKENS = 25_000;

/**
 * 4,000 estimated tokens: the largest of the 358 tools in catalogs/realistic-session.json
 * (mcp_mongodb_export) describes in about 3,100, so no real tool is shortened, while a bloated schema still costs at most 2% of a
 * 200,000-token window for each describe that stays in the conversation.
 */
export const DEFAULT_MAX_DESCRIBE_TOKENS = 4_000;

export const DEFAULT_RESULT_LIMITS: ResultLimits = Object.freeze({
  maxResultTokens: DEFAULT_MAX_RESULT_TOKENS,
  maxDescribeTokens: DEFAULT_MAX_DESCRIBE_TOKENS,
});
