import { isDeferrable } from '../assembly/classify-tools.ts';
import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import type { ToolSearchConfig } from '../config/tool-search-config.ts';
import { resolveNameCollisions, type ResolvedNames } from '../tools/resolve-name-collisions.ts';
import type { Tool } from '../tools/tool.ts';
import { sameItems } from '../catalog/index/same-items.ts';

/**
 * Everything a bridge call may see, rebuilt from the live tool list for every call (docs/behaviour.md: no state
 * between steps, and the catalog is limited to the session's toolsets).
 */
export interface SessionScope {
  /** Tools of the session's own toolsets, names unique (core tools keep theirs; see resolveNameCollisions). */
  readonly sessionTools: readonly Tool[];
  /** The searchable catalog: the deferrable, unpinned part of the session's tools. */
  readonly catalog: readonly Tool[];
  readonly config: ToolSearchConfig;
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
  readonly isPinned?: (tool: Tool) => boolean;
  /** Tools the model must not know of: never in the catalog (see ToolSearchSessionOptions.isHidden). */
  readonly isHidden?: (tool: Tool) => boolean;
  readonly semantic?: SemanticRanker;
}

/** The tools of the given toolsets (all when undefined), names made unique by resolveNameCollisions. */
export function toolsInToolsets(registry: readonly Tool[], toolsets: readonly string[] | undefined): Tool[] {
  return sessionToolsOf(registry, toolsets).tools;
}

/** One answer of {@link knownSessionTools}: the tools it was computed from, and what it gave. */
interface KnownAnswer {
  /** A copy of the registry array the answer is for. */
  readonly from: readonly Tool[];
  /** The registry's tools of the toolsets asked for: what resolveNameCollisions read. */
  readonly input: readonly Tool[];
  readonly resolved: ResolvedNames;
}

/**
 * The last answer per registry array and toolsets, with the tools it was computed from: a live
 * registry hands out the same array until its tools change (the gateway's catalog, an MCP tool source),
 * and every assembly and call asks again. An answer is reused only when the array still holds the very
 * same tools in the same order (checked by reference, so an array changed in place is noticed); keyed
 * weakly on the array, never on a session, so an array nobody holds is forgotten.
 */
const resolvedByRegistry = new WeakMap<readonly Tool[], Map<string, KnownAnswer>>();

/**
 * The last answer per toolsets, whatever the array: a registry whose server changed hands out a new
 * array whose tools have, most often, the same names in the same places, and then nothing needs
 * resolving again (below). A few entries, the most recently made last.
 */
const lastAnswerByToolsets = new Map<string, KnownAnswer>();
const KEPT_LAST_ANSWERS = 8;

/** As {@link toolsInToolsets}, with the warnings about the collisions that were resolved. */
export function sessionToolsOf(registry: readonly Tool[], toolsets: readonly string[] | undefined): ResolvedNames {
  const resolved = knownSessionTools(registry, toolsets);
  // Copies: the caller may change what it gets without changing what the next caller gets.
  return { tools: [...resolved.tools], warnings: [...resolved.warnings] };
}

/** The kept answer itself, not to be changed: for the scope, whose fields are read-only. */
function knownSessionTools(
  registry: readonly Tool[],
  toolsets: readonly string[] | undefined,
): { readonly tools: readonly Tool[]; readonly warnings: readonly string[] } {
  const key = toolsets === undefined ? '' : `\u0000${toolsets.join('\u0000')}`;
  let byToolsets = resolvedByRegistry.get(registry);
  if (byToolsets === undefined) resolvedByRegistry.set(registry, (byToolsets = new Map()));
  let known = byToolsets.get(key);
  if (known === undefined || !sameItems(known.from, registry)) {
    const allowed = toolsets === undefined ? undefined : new Set(toolsets);
    const input = allowed === undefined ? registry : registry.filter((tool) => allowed.has(tool.toolset));
    known = { from: [...registry], input: [...input], resolved: resolveChanged(input, lastAnswerByToolsets.get(key)) };
    byToolsets.set(key, known);
    lastAnswerByToolsets.delete(key);
    if (lastAnswerByToolsets.size >= KEPT_LAST_ANSWERS) lastAnswerByToolsets.delete(lastAnswerByToolsets.keys().next().value!);
    lastAnswerByToolsets.set(key, known);
  }
  return known.resolved;
}

/**
 * resolveNameCollisions(input), without reading every name into a set again when the last answer for
 * these toolsets had no collision (no warning: every name distinct) and `input` has the very same names
 * in the same places: then its names are distinct too, and it is its own answer.
 */
function resolveChanged(input: readonly Tool[], last: KnownAnswer | undefined): ResolvedNames {
  if (last !== undefined && last.resolved.warnings.length === 0 && sameNames(last.input, input)) return { tools: [...input], warnings: [] };
  return resolveNameCollisions(input);
}

function sameNames(left: readonly Tool[], right: readonly Tool[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index]!.name !== right[index]!.name) return false;
  return true;
}

export function buildSessionScope(input: ScopeInput): SessionScope {
  const sessionTools = knownSessionTools(input.registry, input.toolsets).tools;
  const catalog = sessionTools.filter(
    (tool) => isDeferrable(tool) && !(input.isPinned?.(tool) ?? false) && !(input.isHidden?.(tool) ?? false),
  );
  return {
    sessionTools,
    ...(input.isHidden === undefined ? {} : { isHidden: input.isHidden }),
    catalog,
    config: input.config,
    ...(input.semantic === undefined ? {} : { semantic: input.semantic }),
  };
}
