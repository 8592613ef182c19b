import type { JsonSchema, ToolDefinition } from '../../tools/tool.ts';

/** MCP tools/list entry: `{name, description, inputSchema}` (other fields such as annotations pass through untouched elsewhere). */
export interface McpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
}

export function toMcpTool(tool: ToolDefinition): McpTool {
  return { name: tool.name, description: tool.description, inputSchema: tool.parameters };
}

export function isMcpTool(value: unknown): value is McpTool {
  return typeof value === 'object' && value !== null && 'inputSchema' in value && 'name' in value;
}

export function fromMcpTool(tool: McpTool): ToolDefinition {
  return { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema ?? { type: 'object', properties: {} } };
}
