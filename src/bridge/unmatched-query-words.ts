import { cachedSearchIndex } from '../catalog/index/search-index-cache.ts';
import type { AnalyzedQuery } from '../catalog/query/analyze-query.ts';
import { SYNONYM_TABLE } from '../catalog/query/expand-query.ts';
import { analyzeTokens, indexTermOf } from '../catalog/text/analyze-tokens.ts';
import { tokenize } from '../catalog/text/tokenize.ts';
import { parameterNamesOf } from '../catalog/index/searchable-text.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * A best match is weak when it has fewer than this share of the query's words (each by itself or a
 * synonym), none of them in its name or server name: the search then matched the query on its minor
 * words, and naming the words no tool has tells the model what to say differently. (Without the
 * second condition, half the everyday requests over the bundled session got the note, mostly naming
 * argument values beside a right first match; with it, 7%, the first match wrong for 14 of 16.)
 */
export const WEAK_MATCH_SHARE = 0.5;

/** One word of the query as the model wrote it (a token), and the index term it is searched by. */
interface QueryWord {
  readonly token: string;
  readonly term: string;
}

/**
 * The words of `query` that no tool of `catalog` has (by the word or a synonym, in a name, description,
 * parameter name, toolset or requests), in query order, when the best match `best` is weak (has fewer
 * than {@link WEAK_MATCH_SHARE} of the query's words, none in its name or server name); empty otherwise. Read from the analysis: words the
 * query reading rewrote ("PR" as pull request), stop words and numbers are left out, and so is a word
 * that only splits or joins a matched one ("GitHub" searched as git, hub and github).
 */
export function unmatchedQueryWords(query: AnalyzedQuery, catalog: readonly Tool[], best: Tool | undefined): string[] {
  if (best === undefined) return [];
  const words = queryWords(query);
  if (words.length === 0) return [];
  if (!isWeak(best, words)) return [];
  const index = cachedSearchIndex(catalog);
  const matched = (word: QueryWord): boolean => termsOf(word.term).some((term) => index.stemIds.get(term) !== undefined);
  const found = words.filter(matched).map((word) => word.token);
  return words
    .filter((word) => !matched(word))
    .map((word) => word.token)
    .filter((token) => !found.some((other) => other.includes(token) || token.includes(other)));
}

/** Whether `best` has fewer than WEAK_MATCH_SHARE of `words`, and none of them in its name or toolset. */
function isWeak(best: Tool, words: readonly QueryWord[]): boolean {
  const stems = new Map<string, string>();
  const has = (text: string): ((word: QueryWord) => boolean) => {
    const terms = new Set(analyzeTokens(tokenize(text), stems));
    return (word) => termsOf(word.term).some((term) => terms.has(term));
  };
  if (words.some(has(`${best.name} ${best.toolset}`))) return false;
  const inBest = words.filter(has([best.description, ...parameterNamesOf(best)].join(' '))).length;
  return inBest < words.length * WEAK_MATCH_SHARE;
}

/** The query's distinct words the ranking reads as written: not stop words, not numbers, not rewritten. */
function queryWords(query: AnalyzedQuery): QueryWord[] {
  const read = new Set(query.written.terms);
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const token of query.tokens) {
    const term = indexTermOf(token);
    if (term === '' || /^\d+$/.test(token) || !read.has(term) || seen.has(term)) continue;
    seen.add(term);
    words.push({ token, term });
  }
  return words;
}

/** A term and its synonyms, as the ranking expands it. */
function termsOf(term: string): readonly string[] {
  return [term, ...(SYNONYM_TABLE.get(term) ?? [])];
}
