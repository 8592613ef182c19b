import type { SearchIndex } from '../index/search-index.ts';

/**
 * The ranking by words of one search, before any fusion with a ranking by meaning: computed while the
 * query's vector is still being embedded, so that the two overlap (rankByWords makes it; fuseWithMeaning
 * reads it).
 */
export interface WordsRanking {
  readonly index: SearchIndex;
  readonly limit: number;
  /** The clauses of the request that were ranked (one for a request of one step). */
  readonly clauseCount: number;
  /** How deep `ranked` goes: the limit, or deeper for the fusions to come. */
  readonly depth: number;
  /** Documents, best first: exact name matches, then the words ranking (clauses fused). */
  readonly ranked: readonly number[];
  /** Dense scores the ranking reports: the BM25F's, or the plain BM25's when the BM25F matched nothing. */
  readonly scores: Float64Array;
  /** How many of `ranked`'s first documents are exact name (or name-substring) matches. */
  readonly exactCount: number;
  /** The plain BM25's first document (docs/behaviour.md, rule 24), never dropped; undefined when it scored nothing. */
  readonly specFirst: number | undefined;
}
