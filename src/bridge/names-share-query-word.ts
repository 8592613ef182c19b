import { analyzeTokens } from '../catalog/analyze-tokens.ts';
import { SYNONYM_TABLE } from '../catalog/expand-query.ts';
import { tokenize } from '../catalog/tokenize.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Whether any of `tools` has a word of `query` (or one of its synonyms) in its name or toolset name,
 * compared as stems. When none has, the matches share only description words with the query, which is
 * how a search for something no connected server does still returns tools. A query of stop words
 * alone says nothing either way and counts as shared.
 */
export function namesShareQueryWord(query: string, tools: readonly Tool[]): boolean {
  const stems = new Map<string, string>();
  const wanted = new Set<string>();
  for (const term of analyzeTokens(tokenize(query), stems)) {
    wanted.add(term);
    for (const synonym of SYNONYM_TABLE.get(term) ?? []) wanted.add(synonym);
  }
  if (wanted.size === 0) return true;
  return tools.some((tool) => analyzeTokens(tokenize(`${tool.name} ${tool.toolset}`), stems).some((term) => wanted.has(term)));
}
