import type { Tool } from '../tools/tool.ts';

/** Top-level parameter names of a tool's JSON Schema, in schema order. */
export function parameterNamesOf(tool: Pick<Tool, 'parameters'>): string[] {
  const properties = tool.parameters['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  return Object.keys(properties);
}

/** The text BM25 indexes for a tool (SPEC.md): its name, description and parameter names. */
export function searchableTextOf(tool: Pick<Tool, 'name' | 'description' | 'parameters'>): string {
  return [tool.name, tool.description, ...parameterNamesOf(tool)].join(' ');
}
