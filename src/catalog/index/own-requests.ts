import type { Tool } from '../../tools/tool.ts';

/**
 * Whether some tool of a catalog has requests and every tool but core ones has requests of its own
 * (none without, none lent or given its own text by balanceRequests, Tool.requestsGivenBy): then no
 * tool can lose a place for lacking requests, and people's words may count more (FieldWeights.ownRequests,
 * the best request of rank/best-request.ts).
 */
export function everyToolHasOwnRequests(tools: readonly Tool[]): boolean {
  let any = false;
  for (const tool of tools) {
    if (tool.kind === 'core') continue;
    if ((tool.requests?.length ?? 0) === 0 || tool.requestsGivenBy !== undefined) return false;
    any = true;
  }
  return any;
}
