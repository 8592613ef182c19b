import type { Tool } from '../tools/tool.ts';
import { findExactNames } from './contract/find-exact-names.ts';
import { matchNameSubstring, withNameSubstrings } from './contract/match-name-substring.ts';
import { scoreSpecBm25 } from './contract/score-spec-bm25.ts';
import { cachedSearchIndex } from './index/search-index-cache.ts';
import type { SearchIndex } from './index/search-index.ts';
import type { SearchOptions } from './index/search-options.ts';
import { fuseWithMeaning, type SemanticRanking } from './meaning/fuse-with-meaning.ts';
import { analyzeQuery, type AnalyzedQuery } from './query/analyze-query.ts';
import { weighActionAgreement } from './rank/action-agreement.ts';
import { weighBestRequests } from './rank/best-request.ts';
import { CLAUSE_RANKING_DEPTH, fuseClauseRankings } from './rank/fuse-clause-rankings.ts';
import { rankDocuments } from './rank/rank-documents.ts';
import type { ParameterTermMemo } from './rank/score-parameter-texts.ts';
import { scoreWords } from './rank/score-words.ts';
import type { SearchMatch } from './rank/search-match.ts';
import { selectTop } from './rank/select-top.ts';
import { weighServerPrior } from './rank/server-prior.ts';
import type { WordsRanking } from './rank/words-ranking.ts';

/**
 * Ranks `tools` for `query`. The contract of docs/behaviour.md holds: a tool whose name is exactly the query comes
 * first; the tool that the SPEC BM25 (name + description + parameter names) ranks first is always among
 * the results (unless exact name matches alone fill the limit); and when that BM25 scores nothing, the
 * tools whose names contain the query literally (case-insensitive) are returned, and only when there are
 * none either, the stemmed and synonym matches. Between those, tools are ranked by a field-weighted BM25 over identifier-split,
 * stemmed, stop-word-free terms with synonym expansion (docs/search-quality.md). Ties are broken by name,
 * then toolset, so the result never depends on the input order. Only the beginning of a long query is
 * read: its first MAXIMUM_QUERY_CHARACTERS characters and MAXIMUM_QUERY_WORDS words (boundQuery), so a
 * search's work is bounded. `query` may come analyzed already (analyzeQuery), as the bridge does.
 */
export function searchTools(tools: readonly Tool[], query: string | AnalyzedQuery, limit: number, options?: SearchOptions): SearchMatch[] {
  return searchIndex(cachedSearchIndex(tools, options), query, limit);
}

/**
 * {@link searchTools} over an index built beforehand (the options are the index's), optionally fused
 * with a semantic ranking of the same documents. The SPEC guarantees hold either way: exact name
 * matches first, the SPEC BM25's first tool kept, and the name-substring fallback when BM25 scores
 * nothing.
 */
export function searchIndex(index: SearchIndex, query: string | AnalyzedQuery, limit: number, semantic?: SemanticRanking): SearchMatch[] {
  const semanticDepth = semantic !== undefined && semantic.weight > 0 ? semantic.documents.length : 0;
  const words = rankByWords(index, query, limit, semanticDepth);
  return 'matches' in words ? words.matches : fuseWithMeaning(words, semantic);
}

/**
 * The search by words, stage by stage (docs/search-quality.md, "What the search does"), deep enough
 * (`semanticDepth`, the length of the meaning ranking to come) for a later fusion. Returns the final
 * matches directly when no fusion can change them: an empty index or limit, or the SPEC's
 * name-substring fallback.
 */
export function rankByWords(
  index: SearchIndex,
  query: string | AnalyzedQuery,
  limit: number,
  semanticDepth = 0,
): WordsRanking | { readonly matches: SearchMatch[] } {
  if (limit <= 0 || index.tools.length === 0) return { matches: [] };
  // query: read once; every stage below reads this value.
  const analyzed = typeof query === 'string' ? analyzeQuery(query) : query;

  // contract: the plain BM25 of the query as written. When it scores nothing, the tools whose names
  // contain the query literally are the answer (docs/behaviour.md); stems and synonyms (and meaning)
  // get their turn only when there are none either.
  const specScores = scoreSpecBm25(index, analyzed.tokens);
  const specFirst = selectTop(index.tools, specScores, 1)[0];
  if (specFirst === undefined) {
    const substringMatches = matchNameSubstring(index.tools, analyzed.text, limit);
    if (substringMatches.length > 0) return { matches: substringMatches };
  }

  // rank: the field-weighted BM25 of the query's terms and synonyms, its argument values read as the
  // things they are (unless the options say otherwise), with coordination, name coverage and the
  // parameter texts.
  const reading = index.options.readArgumentValues ? analyzed.values : analyzed.written;
  const fusing = index.options.clauseWeight > 0;
  const depth = Math.max(limit, fusing ? CLAUSE_RANKING_DEPTH : 0, semanticDepth);
  const parameterTerms: ParameterTermMemo = new Map();
  const scored = scoreWords(index, reading.terms, depth, parameterTerms);
  const scores = scored?.scores ?? specScores;
  // rank: the soft signals of the whole request: its server prior, then the agreement of its action
  // with each tool's (both off by default), then each tool's best single request (where every tool
  // has requests of its own).
  if (scored !== undefined) {
    weighServerPrior(index, scored.scores, reading.terms);
    weighActionAgreement(index, scored.scores, analyzed.action, depth);
    weighBestRequests(index, scored.scores, analyzed.stems, depth);
  }

  // contract: exact names first, then a partly typed name's tools; then rank: the selection (relevance
  // floor, diversification), and each clause of a multi-step request ranked and fused in.
  const exact = withNameSubstrings(index, findExactNames(index, analyzed.name), analyzed.partialName, depth);
  const wholeRanking = rankDocuments(index, scored ?? { scores, terms: [], conceptCount: 0 }, exact, depth);
  const ranked =
    fusing && reading.clauses.length > 1
      ? fuseClauseRankings(index, reading.clauses, wholeRanking, exact.length, parameterTerms)
      : wholeRanking;
  return { index, limit, clauseCount: reading.clauses.length, depth, ranked, scores, exactCount: exact.length, specFirst };
}
