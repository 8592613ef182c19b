import type { AnalyzedQuery } from '../catalog/query/analyze-query.ts';
import { analyzeTokens } from '../catalog/text/analyze-tokens.ts';
import { expandQuery } from '../catalog/query/expand-query.ts';
import { tokenize } from '../catalog/text/tokenize.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Whether any of `tools` has a word of `query` (or one of its synonyms) in its name or toolset name,
 * compared as stems. When none has, the matches share only description words with the query, which is
 * how a search for something no connected server does still returns tools. A query of stop words
 * alone says nothing either way and counts as shared.
 */
export function namesShareQueryWord(query: AnalyzedQuery, tools: readonly Tool[]): boolean {
  const stems = new Map<string, string>();
  // expandQuery gives each word of the query as written, then its synonyms (a positive weight turns them on).
  const wanted = new Set(expandQuery(query.written.terms, 1).map((weighted) => weighted.term));
  if (wanted.size === 0) return true;
  return tools.some((tool) => analyzeTokens(tokenize(`${tool.name} ${tool.toolset}`), stems).some((term) => wanted.has(term)));
}
