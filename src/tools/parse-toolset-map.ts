import { readToolDefinition } from '../adapters/tool-format.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Tool } from './tool.ts';
import { toolsetKindFromName } from './toolset-kind.ts';

/**
 * Reads the tools-file convention: an object mapping a toolset name to an array of tool definitions
 * (OpenAI, Anthropic or MCP shape), or a bare array that is one MCP toolset named `mcp-<fallbackName>`.
 * A toolset named `core` is core, a name starting `mcp-` an MCP server, anything else a plugin.
 * Throws a ToolSearchError (`invalid_tools_file`) that names the toolset and index of a bad entry.
 */
export function parseToolsetMap(data: unknown, fallbackName: string): Tool[] {
  if (Array.isArray(data)) return toolsOfToolset(`mcp-${fallbackName}`, data);
  if (typeof data !== 'object' || data === null) {
    throw new ToolSearchError('invalid_tools_file', 'expected an object mapping toolset names to arrays of tools (or one array of tools)');
  }
  const tools: Tool[] = [];
  for (const [toolset, entries] of Object.entries(data)) {
    if (!Array.isArray(entries)) {
      throw new ToolSearchError('invalid_tools_file', `toolset '${toolset}' must be an array of tools, got ${typeOf(entries)}`);
    }
    tools.push(...toolsOfToolset(toolset, entries));
  }
  return tools;
}

function toolsOfToolset(toolset: string, entries: readonly unknown[]): Tool[] {
  const kind = toolsetKindFromName(toolset);
  return entries.map((entry, index) => {
    let definition;
    try {
      definition = readToolDefinition(entry, `toolset '${toolset}' tool #${index + 1}`);
    } catch (error) {
      if (error instanceof ToolSearchError) throw new ToolSearchError('invalid_tools_file', error.message);
      throw error;
    }
    const originalName = inferOriginalName(toolset, definition.name);
    return { ...definition, toolset, kind, ...(originalName === undefined ? {} : { originalName }) };
  });
}

/**
 * Tools of toolset `mcp-github` named `mcp_github_create_issue` were named `create_issue` by their
 * server (the gateway's naming, docs/behaviour.md's example); recover that name for search results.
 */
export function inferOriginalName(toolset: string, name: string): string | undefined {
  if (!toolset.startsWith('mcp-')) return undefined;
  const server = toolset.slice(4);
  for (const prefix of new Set([`mcp_${server}_`, `mcp_${server.replace(/-/g, '_')}_`])) {
    if (name.startsWith(prefix) && name.length > prefix.length) return name.slice(prefix.length);
  }
  return undefined;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const kind = typeof value;
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}
