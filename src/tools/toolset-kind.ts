import type { ToolsetKind } from './tool.ts';

/**
 * The kind a toolset name implies in the tools-file convention: `core` is core, a name starting
 * `mcp-` is an MCP server, anything else is a plugin.
 */
export function toolsetKindFromName(toolset: string): ToolsetKind {
  if (toolset === 'core') return 'core';
  if (toolset.startsWith('mcp-')) return 'mcp';
  return 'plugin';
}
