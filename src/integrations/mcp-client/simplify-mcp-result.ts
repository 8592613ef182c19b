import type { McpCallToolResult } from './mcp-client-like.ts';

/** Thrown by {@link simplifyMcpResult} for a result the server marked `isError`; the pipeline reports it as `tool_failed`. */
export class McpToolResultError extends Error {
  readonly result: McpCallToolResult;

  constructor(message: string, result: McpCallToolResult) {
    super(message);
    this.name = 'McpToolResultError';
    this.result = result;
  }
}

/**
 * The default way an MCP `tools/call` result becomes the value the model is shown: `structuredContent`
 * when the server gave one, else the text of the content blocks joined by blank lines when they are
 * all text, else the content array as it is. A result with `isError: true` throws
 * {@link McpToolResultError} carrying the server's text, so the model reads it as a failed call.
 */
export function simplifyMcpResult(result: McpCallToolResult): unknown {
  const content = Array.isArray(result['content']) ? (result['content'] as readonly Record<string, unknown>[]) : [];
  const allText = content.every((block) => block['type'] === 'text' && typeof block['text'] === 'string');
  const text = allText ? content.map((block) => block['text'] as string).join('\n\n') : undefined;
  if (result['isError'] === true) {
    throw new McpToolResultError(text ?? JSON.stringify(content), result);
  }
  if (result['structuredContent'] !== undefined) return result['structuredContent'];
  if ('toolResult' in result) return result['toolResult'];
  return text ?? content;
}
