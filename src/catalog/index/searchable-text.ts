import type { Tool } from '../../tools/tool.ts';

/** Top-level parameter names of a tool's JSON Schema, in schema order. */
export function parameterNamesOf(tool: Pick<Tool, 'parameters'>): string[] {
  const properties = tool.parameters['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return [];
  return Object.keys(properties);
}

/**
 * Calls `visit` with each top-level parameter's description and each string value of its `enum`, in
 * schema order; non-string descriptions and values are skipped. The low-weight fifth field of the
 * ranker: requests often describe argument values ("with base 10 and height 5").
 */
export function forEachParameterText(tool: Pick<Tool, 'parameters'>, visit: (text: string) => void): void {
  const properties = tool.parameters['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return;
  for (const schema of Object.values(properties as Record<string, unknown>)) {
    if (typeof schema !== 'object' || schema === null) continue;
    const { description, enum: values } = schema as { description?: unknown; enum?: unknown };
    if (typeof description === 'string') visit(description);
    if (Array.isArray(values)) for (const value of values) if (typeof value === 'string') visit(value);
  }
}

/** The text BM25 indexes for a tool (docs/behaviour.md): its name, description and parameter names. */
export function searchableTextOf(tool: Pick<Tool, 'name' | 'description' | 'parameters'>): string {
  return [tool.name, tool.description, ...parameterNamesOf(tool)].join(' ');
}
