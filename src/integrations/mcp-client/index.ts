/**
 * `tool-search/mcp`: MCP SDK clients as a live tool source. Reaches the MCP SDK; the root entry does not.
 */
export type { McpResultContext, McpToolSource, McpToolSourceChange, McpToolSourceOptions } from './create-mcp-tool-source.ts';
export { createMcpToolSource } from './create-mcp-tool-source.ts';
export type { McpToolIdentity, McpToolNaming, McpToolRename } from './name-mcp-tools.ts';
export { MAX_TOOL_NAME_LENGTH, nameMcpTools } from './name-mcp-tools.ts';
export { McpToolResultError, simplifyMcpResult } from './simplify-mcp-result.ts';
export type { McpCallToolResult, McpClientLike } from './mcp-client-like.ts';
export { listAllTools } from './list-all-tools.ts';
export type { McpListedTool } from './list-all-tools.ts';
