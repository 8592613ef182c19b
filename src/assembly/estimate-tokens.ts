import { toDefinition, type ToolDefinition } from '../tools/tool.ts';

/** Counts the tokens of a text. Plug in a real tokenizer where exact counts matter. */
export type TokenCounter = (text: string) => number;

/**
 * The default estimate: a quarter of the characters, rounded up. Cheap, dependency-free and close
 * enough to decide whether schemas are a meaningful share of the context window.
 */
export const estimateTokensFromCharacters: TokenCounter = (text) => Math.ceil(text.length / 4);

/** The compact JSON a tool's schema is measured as: `{name, description, parameters}`. */
export function compactSchemaJson(tool: ToolDefinition): string {
  return JSON.stringify(toDefinition(tool));
}

/**
 * Schema tokens of a list of tools: the sum, tool by tool, of the counter applied to each tool's
 * compact JSON. Summing per tool keeps the figure independent of order and additive across toolsets.
 */
export function countSchemaTokens(tools: readonly ToolDefinition[], countTokens: TokenCounter = estimateTokensFromCharacters): number {
  let total = 0;
  for (const tool of tools) total += countTokens(compactSchemaJson(tool));
  return total;
}
