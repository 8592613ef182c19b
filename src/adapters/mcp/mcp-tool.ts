import type { JsonSchema, ToolAnnotations, ToolDefinition } from '../../tools/tool.ts';

/** MCP tools/list entry: `{name, description, inputSchema, annotations?}`. */
export interface McpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
  readonly annotations?: ToolAnnotations;
}

/** The MCP shape of a tool; a tool's annotations (Tool.annotations) come along when it has them. */
export function toMcpTool(tool: ToolDefinition & { readonly annotations?: ToolAnnotations }): McpTool {
  const shape = { name: tool.name, description: tool.description, inputSchema: tool.parameters };
  return tool.annotations === undefined ? shape : { ...shape, annotations: tool.annotations };
}

export function isMcpTool(value: unknown): value is McpTool {
  return typeof value === 'object' && value !== null && 'inputSchema' in value && 'name' in value;
}

export function fromMcpTool(tool: McpTool): ToolDefinition {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a caller's tool (isMcpTool checks only name and inputSchema's key) may have it undefined
  return { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema ?? { type: 'object', properties: {} } };
}
