import type { JsonSchema, Tool } from '../../src/tools/tool.ts';

/**
 * `tools` with every text the index reads made new: the name, description, toolset and top-level
 * parameter names each get `marker` added. Building an index of the result measures a catalog whose
 * texts no build has seen (its words are mostly known: only the marker is new). The result goes through
 * JSON, as tool lists arrive from MCP servers, so its strings are flat like theirs.
 */
export function withFreshTexts(tools: readonly Tool[], marker: string): Tool[] {
  const fresh = tools.map((tool) => ({
    ...tool,
    name: `${tool.name}_${marker}`,
    description: `${tool.description} ${marker}`,
    toolset: `${tool.toolset}-${marker}`,
    parameters: withFreshParameterNames(tool.parameters, marker),
  }));
  return JSON.parse(JSON.stringify(fresh)) as Tool[];
}

function withFreshParameterNames(schema: JsonSchema, marker: string): JsonSchema {
  const properties = schema['properties'];
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return schema;
  const renamed = Object.fromEntries(Object.entries(properties).map(([name, value]) => [`${name}_${marker}`, value]));
  return { ...schema, properties: renamed };
}
