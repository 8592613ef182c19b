import type { Tool } from '../tools/tool.ts';
import { buildBm25Index, scoreBm25, type Bm25Index } from './bm25-index.ts';
import { tokenize } from './tokenize.ts';

/** One ranked search result. */
export interface SearchMatch {
  readonly tool: Tool;
  /** BM25 score; 0 for a match found by the tool-name substring fallback. */
  readonly score: number;
}

/**
 * Ranks `tools` for `query` (SPEC.md, "Implementation details"): BM25 over name + description +
 * parameter names; when no tool scores above zero, a literal case-insensitive substring match on tool
 * names. Ties are broken by name, then toolset, so the result never depends on the input order.
 */
export function searchTools(tools: readonly Tool[], query: string, limit: number): SearchMatch[] {
  return searchIndex(buildBm25Index(tools), query, limit);
}

/** {@link searchTools} over an index built beforehand. */
export function searchIndex(index: Bm25Index, query: string, limit: number): SearchMatch[] {
  if (limit <= 0) return [];
  const scores = scoreBm25(index, tokenize(query));
  const ranked: SearchMatch[] = [];
  for (const [documentIndex, score] of scores) {
    if (score > 0) ranked.push({ tool: index.tools[documentIndex]!, score });
  }
  if (ranked.length === 0) return matchNameSubstring(index.tools, query, limit);
  ranked.sort(compareMatches);
  return ranked.slice(0, limit);
}

/** Tools whose name contains the query, literally and case-insensitively; prefixes and short names first. */
export function matchNameSubstring(tools: readonly Tool[], query: string, limit: number): SearchMatch[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const found = tools.filter((tool) => tool.name.toLowerCase().includes(needle));
  const rank = (tool: Tool): number => (tool.name.toLowerCase().startsWith(needle) ? 0 : 1);
  found.sort(
    (left, right) =>
      rank(left) - rank(right) ||
      left.name.length - right.name.length ||
      compareText(left.name, right.name) ||
      compareText(left.toolset, right.toolset),
  );
  return found.slice(0, limit).map((tool) => ({ tool, score: 0 }));
}

function compareMatches(left: SearchMatch, right: SearchMatch): number {
  return (
    right.score - left.score ||
    compareText(left.tool.name, right.tool.name) ||
    compareText(left.tool.toolset, right.tool.toolset)
  );
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
