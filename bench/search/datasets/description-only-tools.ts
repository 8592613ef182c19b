import type { Tool } from '../../../src/tools/tool.ts';

/** MetaTool's `{toolName: description}` files as tools with no parameters, in one plugin toolset. */
export function descriptionOnlyTools(descriptions: Record<string, string>): Tool[] {
  return Object.entries(descriptions).map(([name, description]) => ({
    name,
    description,
    parameters: { type: 'object', properties: {} },
    toolset: 'metatool',
    kind: 'plugin',
  }));
}
