import type { JsonSchema, ToolDefinition } from '../../tools/tool.ts';

/** Anthropic Messages API tool: `{name, description, input_schema}`. */
export interface AnthropicTool {
  readonly name: string;
  readonly description: string;
  readonly input_schema: JsonSchema;
}

export function toAnthropicTool(tool: ToolDefinition): AnthropicTool {
  return { name: tool.name, description: tool.description, input_schema: tool.parameters };
}

export function isAnthropicTool(value: unknown): value is AnthropicTool {
  return typeof value === 'object' && value !== null && 'input_schema' in value && 'name' in value;
}

export function fromAnthropicTool(tool: AnthropicTool): ToolDefinition {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a caller's tool (isAnthropicTool checks only name and input_schema) may lack either
  return { name: tool.name, description: tool.description ?? '', parameters: tool.input_schema ?? { type: 'object', properties: {} } };
}
