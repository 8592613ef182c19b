import type { Tool } from '../../tools/tool.ts';

/**
 * Whether a tool has requests of its own: some requests, none lent or given its own text by
 * balanceRequests (Tool.requestsGivenBy), and not a core tool.
 */
export function hasOwnRequests(tool: Tool): boolean {
  return tool.kind !== 'core' && (tool.requests?.length ?? 0) > 0 && tool.requestsGivenBy === undefined;
}

/**
 * Whether some tool of a catalog has requests and every tool but core ones has requests of its own
 * ({@link hasOwnRequests}): then no tool can lose a place for lacking requests, and people's words
 * may count more (FieldWeights.ownRequests).
 */
export function everyToolHasOwnRequests(tools: readonly Tool[]): boolean {
  let any = false;
  for (const tool of tools) {
    if (tool.kind === 'core') continue;
    if (!hasOwnRequests(tool)) return false;
    any = true;
  }
  return any;
}
