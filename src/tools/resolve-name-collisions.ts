import type { Tool } from './tool.ts';

/** The longest tool name the model APIs accept (OpenAI's limit; Anthropic's is 64 too at most). */
export const TOOL_NAME_MAX = 64;

export interface ResolvedNames {
  /** The tools, in input order, names unique; a non-core tool that met a core tool's name renamed. */
  readonly tools: Tool[];
  /** One line per collision, saying what was kept, renamed or left out and what to do. */
  readonly warnings: string[];
}

/**
 * Makes tool names unique the way a user would want (docs/behaviour.md: "a tool that is not core never replaces
 * or shadows a core tool that shares its name"):
 * - a core tool always keeps its name, wherever it stands in the input;
 * - a non-core tool with a core tool's name is shown as `<toolset>_<name>` (characters outside
 *   `[A-Za-z0-9_-]` made `_`, at most 64 characters), keeping its own name as `originalName`; when that
 *   name is taken too, it is left out;
 * - of other tools sharing a name, the first keeps it and the others are left out.
 * Pure and deterministic: the same input gives the same output.
 */
export function resolveNameCollisions(input: readonly Tool[]): ResolvedNames {
  // The common case, checked cheaply: every name distinct, so there is nothing to resolve.
  const seen = new Set<string>();
  for (const tool of input) seen.add(tool.name);
  if (seen.size === input.length) return { tools: [...input], warnings: [] };
  const coreNames = new Set(input.filter((tool) => tool.kind === 'core').map((tool) => tool.name));
  const taken = new Map<string, Tool>();
  // Core tools claim their names first, so input order cannot let another tool shadow one.
  for (const tool of input) if (tool.kind === 'core' && !taken.has(tool.name)) taken.set(tool.name, tool);
  const tools: Tool[] = [];
  const warnings: string[] = [];
  for (const tool of input) {
    const holder = taken.get(tool.name);
    if (tool.kind === 'core') {
      if (holder === tool) tools.push(tool);
      else warnings.push(duplicateWarning(tool, holder!));
      continue;
    }
    if (coreNames.has(tool.name)) {
      const renamed = prefixedName(tool);
      const renamedHolder = taken.get(renamed);
      if (renamedHolder !== undefined || input.some((other) => other !== tool && other.name === renamed)) {
        warnings.push(
          `tool '${tool.name}' of toolset '${tool.toolset}' has the name of a core tool, and '${renamed}' is taken too; ` +
            `it is left out. Rename it to use it.`,
        );
        continue;
      }
      const shown: Tool = { ...tool, name: renamed, originalName: tool.originalName ?? tool.name };
      taken.set(renamed, shown);
      tools.push(shown);
      warnings.push(
        `tool '${tool.name}' of toolset '${tool.toolset}' has the name of a core tool, which keeps it; it is shown as '${renamed}'.`,
      );
      continue;
    }
    if (holder === undefined) {
      taken.set(tool.name, tool);
      tools.push(tool);
    } else if (holder !== tool) {
      warnings.push(duplicateWarning(tool, holder));
    }
  }
  return { tools, warnings };
}

function duplicateWarning(tool: Tool, kept: Tool): string {
  return (
    `tool name '${tool.name}' appears in toolsets '${kept.toolset}' and '${tool.toolset}'; ` +
    `keeping the one from '${kept.toolset}'. Rename one of them to use both.`
  );
}

function prefixedName(tool: Tool): string {
  return `${tool.toolset}_${tool.name}`
    .replace(/[^A-Za-z0-9_-]/g, '_')
    .replace(/-/g, '_')
    .slice(0, TOOL_NAME_MAX);
}
