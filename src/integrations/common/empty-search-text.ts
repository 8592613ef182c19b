import type { ToolSearchResult } from '../../bridge/handle-tool-search.ts';

/**
 * What the model reads when a native tool_search loads nothing: the search's own hint (the connected
 * toolsets and how to ask again), or a plain retry advice when it has none.
 */
export function emptySearchText(result: ToolSearchResult): string {
  return result.hint ?? 'No tool matched. Query with a service name plus an action, e.g. "github create issue".';
}
