import type { Tool } from '../tools/tool.ts';
import { findExactNames } from './contract/find-exact-names.ts';
import { matchNameSubstring, withNameSubstrings } from './contract/match-name-substring.ts';
import { scoreSpecBm25 } from './contract/score-spec-bm25.ts';
import { cachedSearchIndex } from './index/search-index-cache.ts';
import type { SearchIndex } from './index/search-index.ts';
import type { SearchOptions } from './index/search-options.ts';
import { fuseWithMeaning, type SemanticRanking } from './meaning/fuse-with-meaning.ts';
import { readArgumentValues } from './query/argument-values.ts';
import { boundQuery } from './query/bound-query.ts';
import { rewriteQueryTokens } from './query/rewrite-query-tokens.ts';
import { splitClauses } from './query/split-clauses.ts';
import { CLAUSE_RANKING_DEPTH, fuseClauseRankings } from './rank/fuse-clause-rankings.ts';
import { rankDocuments } from './rank/rank-documents.ts';
import type { ParameterTermMemo } from './rank/score-parameter-texts.ts';
import { scoreWords } from './rank/score-words.ts';
import type { SearchMatch } from './rank/search-match.ts';
import { selectTop } from './rank/select-top.ts';
import type { WordsRanking } from './rank/words-ranking.ts';
import { analyzeTokens } from './text/analyze-tokens.ts';
import { tokenize } from './text/tokenize.ts';

/**
 * Ranks `tools` for `query`. The contract of docs/behaviour.md holds: a tool whose name is exactly the query comes
 * first; the tool that the SPEC BM25 (name + description + parameter names) ranks first is always among
 * the results (unless exact name matches alone fill the limit); and when that BM25 scores nothing, the
 * tools whose names contain the query literally (case-insensitive) are returned, and only when there are
 * none either, the stemmed and synonym matches. Between those, tools are ranked by a field-weighted BM25 over identifier-split,
 * stemmed, stop-word-free terms with synonym expansion (docs/search-quality.md). Ties are broken by name,
 * then toolset, so the result never depends on the input order. Only the beginning of a long query is
 * read: its first 1,000 characters and 64 words (boundQuery), so a search's work is bounded.
 */
export function searchTools(tools: readonly Tool[], query: string, limit: number, options?: SearchOptions): SearchMatch[] {
  return searchIndex(cachedSearchIndex(tools, options), query, limit);
}

/**
 * {@link searchTools} over an index built beforehand (the options are the index's), optionally fused
 * with a semantic ranking of the same documents. The SPEC guarantees hold either way: exact name
 * matches first, the SPEC BM25's first tool kept, and the name-substring fallback when BM25 scores
 * nothing.
 */
export function searchIndex(index: SearchIndex, query: string, limit: number, semantic?: SemanticRanking): SearchMatch[] {
  const semanticDepth = semantic !== undefined && semantic.weight > 0 ? semantic.documents.length : 0;
  const words = rankByWords(index, query, limit, semanticDepth);
  return 'matches' in words ? words.matches : fuseWithMeaning(words, semantic);
}

/**
 * Ranks by words alone, deep enough (`semanticDepth`, the length of the meaning ranking to come) for
 * a later fusion. Returns the final matches directly when no fusion can change them: an empty index
 * or limit, or the SPEC's name-substring fallback.
 */
export function rankByWords(index: SearchIndex, fullQuery: string, limit: number, semanticDepth = 0): WordsRanking | { readonly matches: SearchMatch[] } {
  if (limit <= 0 || index.tools.length === 0) return { matches: [] };
  const query = boundQuery(fullQuery).text;
  const queryTokens = tokenize(query);
  const specScores = scoreSpecBm25(index, queryTokens);
  const specFirst = selectTop(index.tools, specScores, 1)[0];
  if (specFirst === undefined) {
    // docs/behaviour.md: no positive BM25 score -> literal substring search in the tool name. Stems and synonyms
    // (and meaning) get their turn only when that finds nothing either.
    const substringMatches = matchNameSubstring(index.tools, query, limit);
    if (substringMatches.length > 0) return { matches: substringMatches };
  }
  const stemMemo = new Map<string, string>();
  // What the ranking by words reads: URLs and file paths as the things they are (argument-values.ts).
  const wanted = index.options.readArgumentValues ? readArgumentValues(query) : query;
  const wantedTokens = wanted === query ? queryTokens : tokenize(wanted);
  const stems = analyzeTokens(rewriteQueryTokens(wantedTokens), stemMemo);
  const clauses = splitClauses(wanted).slice(0, MAXIMUM_FUSED_CLAUSES);
  const fusing = index.options.clauseWeight > 0;
  const depth = Math.max(limit, fusing ? CLAUSE_RANKING_DEPTH : 0, semanticDepth);
  const parameterTerms: ParameterTermMemo = new Map();
  const scored = scoreWords(index, stems, depth, parameterTerms);
  const scores = scored?.scores ?? specScores;
  const exact = withNameSubstrings(index, findExactNames(index, query, analyzeTokens(queryTokens, stemMemo)), query, depth);
  const wholeRanking = rankDocuments(index, scored ?? { scores, terms: [], conceptCount: 0 }, exact, depth);
  const ranked = fusing && clauses.length > 1 ? fuseClauseRankings(index, clauses, wholeRanking, exact.length, stemMemo, parameterTerms) : wholeRanking;
  return { index, limit, clauseCount: clauses.length, depth, ranked, scores, exactCount: exact.length, specFirst };
}

/**
 * At most this many clauses, the first ones, get a ranking of their own: each costs a pass over the
 * catalog, and a text of dozens of clauses is a pasted document rather than a request of that many steps.
 */
const MAXIMUM_FUSED_CLAUSES = 16;
