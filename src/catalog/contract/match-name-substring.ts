import type { Tool } from '../../tools/tool.ts';
import type { SearchIndex } from '../index/search-index.ts';
import { compareTools } from '../rank/compare-tools.ts';
import type { SearchMatch } from '../rank/search-match.ts';

/** Tools whose name contains the query, literally and case-insensitively; prefixes and short names first. */
export function matchNameSubstring(tools: readonly Tool[], query: string, limit: number): SearchMatch[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const found = tools.filter((tool) => tool.name.toLowerCase().includes(needle));
  const rank = (tool: Tool): number => (tool.name.toLowerCase().startsWith(needle) ? 0 : 1);
  found.sort((left, right) => rank(left) - rank(right) || left.name.length - right.name.length || compareTools(left, right));
  return found.slice(0, limit).map((tool) => ({ tool, score: 0 }));
}

/**
 * `exact` followed by the tools whose name contains `partialName` literally (AnalyzedQuery.partialName:
 * the query when it is one identifier-like word, as in `ithub_get_m`): such a query is a tool name,
 * partly typed, even when its pieces ("get") match other tools by words. They rank with the exact
 * matches, ahead of the words ranking.
 */
export function withNameSubstrings(index: SearchIndex, exact: readonly number[], partialName: string | undefined, limit: number): number[] {
  if (partialName === undefined) return [...exact];
  const exactSet = new Set(exact);
  const positions = new Map(index.tools.map((tool, document) => [tool, document]));
  const found = matchNameSubstring(index.tools, partialName, limit + exact.length).map(({ tool }) => positions.get(tool)!);
  return [...exact, ...found.filter((document) => !exactSet.has(document))].slice(0, Math.max(limit, exact.length));
}
