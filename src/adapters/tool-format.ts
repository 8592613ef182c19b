import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { ToolDefinition } from '../tools/tool.ts';
import { fromAnthropicTool, isAnthropicTool, toAnthropicTool, type AnthropicTool } from './anthropic/anthropic-tool.ts';
import { fromMcpTool, isMcpTool, toMcpTool, type McpTool } from './mcp/mcp-tool.ts';
import { fromOpenAITool, isOpenAITool, toOpenAITool, type OpenAIFunctionTool } from './openai/openai-tool.ts';

/** The wire shapes a tool array can be written in. */
export type ToolFormat = 'openai' | 'anthropic' | 'mcp';
export const TOOL_FORMATS: readonly ToolFormat[] = Object.freeze(['openai', 'anthropic', 'mcp']);

export type WireTool<F extends ToolFormat> = F extends 'openai' ? OpenAIFunctionTool : F extends 'anthropic' ? AnthropicTool : McpTool;

/** Writes neutral definitions in the requested wire shape. */
export function formatTools<F extends ToolFormat>(tools: readonly ToolDefinition[], format: F): WireTool<F>[] {
  switch (format) {
    case 'openai':
      return tools.map(toOpenAITool) as WireTool<F>[];
    case 'anthropic':
      return tools.map(toAnthropicTool) as WireTool<F>[];
    case 'mcp':
      return tools.map(toMcpTool) as WireTool<F>[];
    default:
      throw new ToolSearchError('unknown_format', `Unknown tool format '${String(format)}'; use one of ${TOOL_FORMATS.join(', ')}.`);
  }
}

/**
 * Reads one tool in any of the three wire shapes (or the neutral `{name, description, parameters}`),
 * checking what a model provider would reject. Throws a ToolSearchError (`invalid_tool`) naming `where`.
 */
export function readToolDefinition(raw: unknown, where: string): ToolDefinition {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new ToolSearchError('invalid_tool', `${where}: a tool must be an object with a name, got ${JSON.stringify(raw)}`);
  }
  let definition: ToolDefinition;
  if (isOpenAITool(raw)) definition = fromOpenAITool(raw);
  else if (isAnthropicTool(raw)) definition = fromAnthropicTool(raw);
  else if (isMcpTool(raw)) definition = fromMcpTool(raw);
  else {
    const record = raw as Record<string, unknown>;
    definition = {
      name: record['name'] as string,
      description: (record['description'] as string | undefined) ?? '',
      parameters: (record['parameters'] as ToolDefinition['parameters'] | undefined) ?? { type: 'object', properties: {} },
    };
  }
  if (typeof definition.name !== 'string' || definition.name.trim() === '') {
    throw new ToolSearchError('invalid_tool', `${where}: the tool has no name (expected a non-empty string "name")`);
  }
  const label = `${where} ('${definition.name}')`;
  if (typeof definition.description !== 'string') {
    throw new ToolSearchError('invalid_tool', `${label}: "description" must be a string`);
  }
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a caller's tool, checked here: its type is what the check establishes
  if (typeof definition.parameters !== 'object' || definition.parameters === null || Array.isArray(definition.parameters)) {
    throw new ToolSearchError('invalid_tool', `${label}: the parameter schema must be a JSON Schema object`);
  }
  return definition;
}
