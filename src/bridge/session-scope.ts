import { isDeferrable } from '../assembly/classify-tools.ts';
import type { SemanticRanker } from '../catalog/semantic-ranker.ts';
import type { ToolSearchConfig } from '../config/tool-search-config.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Everything a bridge call may see, rebuilt from the live tool list for every call (SPEC.md: no state
 * between steps, and the catalog is limited to the session's toolsets).
 */
export interface SessionScope {
  /** Tools of the session's own toolsets, names unique. */
  readonly sessionTools: readonly Tool[];
  /** Every tool the process knows; used only to tell "not available in this session" from "unknown". */
  readonly registry: readonly Tool[];
  /** The searchable catalog: the deferrable, unpinned part of the session's tools. */
  readonly catalog: readonly Tool[];
  readonly config: ToolSearchConfig;
  readonly coreNames: readonly string[];
  /** Tools left out of the catalog and of name suggestions (a gateway's denied tools); absent: none. */
  readonly isHidden?: (tool: Tool) => boolean;
  /** Ranks the catalog by meaning for tool_search, fused with the words-based ranking; absent: words only. */
  readonly semantic?: SemanticRanker;
}

export interface ScopeInput {
  readonly registry: readonly Tool[];
  /** Toolsets the session may use; undefined means all. */
  readonly toolsets: readonly string[] | undefined;
  readonly config: ToolSearchConfig;
  readonly coreNames: readonly string[];
  readonly isPinned?: (tool: Tool) => boolean;
  /** Tools the model must not know of: never in the catalog (see ToolSearchSessionOptions.isHidden). */
  readonly isHidden?: (tool: Tool) => boolean;
  readonly semantic?: SemanticRanker;
}

/** The tools of the given toolsets (all when undefined), first of each name kept. */
export function toolsInToolsets(registry: readonly Tool[], toolsets: readonly string[] | undefined): Tool[] {
  const allowed = toolsets === undefined ? undefined : new Set(toolsets);
  const seen = new Set<string>();
  const tools: Tool[] = [];
  for (const tool of registry) {
    if (allowed !== undefined && !allowed.has(tool.toolset)) continue;
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    tools.push(tool);
  }
  return tools;
}

export function buildSessionScope(input: ScopeInput): SessionScope {
  const sessionTools = toolsInToolsets(input.registry, input.toolsets);
  const catalog = sessionTools.filter(
    (tool) => isDeferrable(tool, input.coreNames) && !(input.isPinned?.(tool) ?? false) && !(input.isHidden?.(tool) ?? false),
  );
  return {
    sessionTools,
    ...(input.isHidden === undefined ? {} : { isHidden: input.isHidden }),
    registry: input.registry,
    catalog,
    config: input.config,
    coreNames: input.coreNames,
    ...(input.semantic === undefined ? {} : { semantic: input.semantic }),
  };
}
