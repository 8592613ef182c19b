import type { NativeToolPlan } from '../../bridge/native-tool-plan.ts';

/** The longest name OpenAI takes for a function, used for namespaces too. */
const NAME_MAX = 64;

/**
 * The Responses namespace of each deferred toolset (one MCP server or plugin): its toolset name with
 * anything but letters, digits, `_` and `-` written as `_`, cut to 64 characters, and given a `_2`,
 * `_3`, ... suffix when that is taken by another namespace or by a tool of the request. Pure and
 * deterministic (toolsets in sorted order), so the tools array and every tool_search_output agree.
 */
export function namespaceNames(plan: NativeToolPlan): Map<string, string> {
  const taken = new Set([
    ...plan.direct.map((tool) => tool.name),
    ...plan.deferred.map((tool) => tool.name),
    ...(plan.search === undefined ? [] : [plan.search.name]),
  ]);
  const names = new Map<string, string>();
  for (const toolset of [...new Set(plan.deferred.map((tool) => tool.toolset))].sort()) {
    const base = toolset.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, NAME_MAX) || 'tools';
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base.slice(0, NAME_MAX - String(suffix).length - 1)}_${suffix}`;
    taken.add(name);
    names.set(toolset, name);
  }
  return names;
}
