import type { AssemblyResult } from '../assembly/assemble-tools.ts';
import type { Tool, ToolDefinition } from '../tools/tool.ts';
import { LISTED_TOOLSETS_MAX } from './bridge-tool-definitions.ts';
import { isBridgeToolName, TOOL_SEARCH } from './bridge-tool-names.ts';

/**
 * One step's tools for a provider's own deferred loading (Anthropic's `defer_loading` with
 * `tool_reference`, OpenAI Responses' client `tool_search`), made from the very assembly bridge mode
 * uses, so the same tools are direct, deferred, hidden or out of scope in both modes.
 */
export interface NativeToolPlan {
  /** Whether Tool Search is active this step; when not, every tool is direct and nothing is deferred. */
  readonly active: boolean;
  /** Tools sent as they are (core, pinned and undeferred ones), in assembly order. */
  readonly direct: readonly ToolDefinition[];
  /** Tools sent marked as deferred: the provider keeps them out of the model's context until found. */
  readonly deferred: readonly Tool[];
  /** The one search tool (no tool_describe or tool_call in this mode); absent when not active. */
  readonly search?: ToolDefinition;
}

/**
 * The native plan of an assembly: its visible tools direct, its deferred tools deferred, and, when
 * active, a `tool_search` whose parameters are the bridge's own (`query`, `limit` within
 * `max_search_limit`) and whose description says that what it finds is loaded to be called directly.
 * Pure and deterministic, so the tools array stays byte-identical while the tool set does not change.
 */
export function planNativeTools(assembly: AssemblyResult): NativeToolPlan {
  const direct = assembly.tools.filter((tool) => !isBridgeToolName(tool.name));
  const bridgeSearch = assembly.tools.find((tool) => tool.name === TOOL_SEARCH);
  if (!assembly.active || bridgeSearch === undefined) return { active: false, direct, deferred: [] };
  return {
    active: true,
    direct,
    deferred: assembly.deferred,
    search: { name: TOOL_SEARCH, description: nativeSearchDescription(assembly.deferred), parameters: bridgeSearch.parameters },
  };
}

/**
 * The deferred tools a search may load, in the search's order: only names the plan defers (a
 * reference to a tool the request does not define is an error on Anthropic's side, and a hidden or
 * out-of-scope tool is never in the plan), each once.
 */
export function loadableTools(plan: NativeToolPlan, names: readonly string[]): Tool[] {
  const byName = new Map(plan.deferred.map((tool) => [tool.name, tool]));
  const found: Tool[] = [];
  for (const name of names) {
    const tool = byName.get(name);
    if (tool === undefined || found.includes(tool)) continue;
    found.push(tool);
  }
  return found;
}

/**
 * Same budget as the bridge's tool_search: the deferred count and toolsets (so the model knows what
 * it can find), how to query, and that matches become callable tools.
 */
function nativeSearchDescription(deferred: readonly Tool[]): string {
  const toolsets = [...new Set(deferred.map((tool) => tool.toolset))].sort();
  const listed = toolsets.slice(0, LISTED_TOOLSETS_MAX).map((toolset) => (toolset.startsWith('mcp-') ? toolset.slice(4) : toolset));
  const more = toolsets.length - listed.length;
  const from = listed.length === 0 ? '' : ` from ${listed.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
  return (
    `Find tools among ${deferred.length} more that are not in your list${from}. ` +
    `Query with service and action, e.g. "github create issue". The tools found are loaded for you to call directly.`
  );
}
