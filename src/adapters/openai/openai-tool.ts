import type { JsonSchema, ToolDefinition } from '../../tools/tool.ts';

/** OpenAI Chat Completions function tool: `{type: "function", function: {name, description, parameters}}`. */
export interface OpenAIFunctionTool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description: string; readonly parameters: JsonSchema };
}

export function toOpenAITool(tool: ToolDefinition): OpenAIFunctionTool {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

export function isOpenAITool(value: unknown): value is OpenAIFunctionTool {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return record['type'] === 'function' && typeof record['function'] === 'object' && record['function'] !== null;
}

export function fromOpenAITool(tool: OpenAIFunctionTool): ToolDefinition {
  return {
    name: tool.function.name,
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- a caller's tool (isOpenAITool checks only type and function) may lack either
    description: tool.function.description ?? '',
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
    parameters: tool.function.parameters ?? { type: 'object', properties: {} },
  };
}
