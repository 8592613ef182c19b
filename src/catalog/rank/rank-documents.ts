import type { SearchIndex } from '../index/search-index.ts';
import { diversifyRanking } from './diversify-ranking.ts';
import type { WordScores } from './score-words.ts';
import { selectTop } from './select-top.ts';

/** How many candidates the diversifier chooses from: this many times the limit, at least the minimum. */
const DIVERSITY_POOL_FACTOR = 4;
const DIVERSITY_POOL_MINIMUM = 30;

/**
 * The selection: `exact` first (exact names, then name-substring matches, in their order), then the
 * best-scoring documents above the relevance floor (relevanceFloor x the best score), diversified for
 * a request of diversityMinimumWords words or more; at most `limit`.
 */
export function rankDocuments(index: SearchIndex, scored: WordScores, exact: readonly number[], limit: number): number[] {
  const { scores, terms } = scored;
  const { relevanceFloor, diversityMinimumWords } = index.options;
  const diversity = scored.conceptCount >= diversityMinimumWords ? index.options.diversity : 1;
  const poolSize = diversity < 1 && terms.length > 1 ? Math.max(limit * DIVERSITY_POOL_FACTOR, DIVERSITY_POOL_MINIMUM) : limit;
  const pool = selectTop(index.tools, scores, poolSize);
  const best = pool.length === 0 ? 0 : scores[pool[0]!]!;
  const floor = best * relevanceFloor;
  const candidates = pool.filter((document) => scores[document]! >= floor);
  const kept = diversifyRanking(index.tools, scores, candidates, terms, diversity, limit);
  if (exact.length === 0) return kept;
  // `exact` keeps its order: exact names (sorted by findExactNames), then name-substring matches.
  const exactSet = new Set(exact);
  return [...exact, ...kept.filter((document) => !exactSet.has(document))].slice(0, limit);
}
