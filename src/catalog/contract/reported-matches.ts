import type { SearchIndex } from '../index/search-index.ts';
import type { SearchMatch } from '../rank/search-match.ts';

/**
 * Matches with scores that never increase down the list (what readers of a ranking expect): an exact
 * name match shows the best score of the list, and a result moved up by diversification or kept by the
 * SPEC guard shows at most the score of the one before it.
 */
export function reportedMatches(index: SearchIndex, ranked: readonly number[], scores: Float64Array): SearchMatch[] {
  const best = ranked.reduce((maximum, document) => Math.max(maximum, scores[document]!), 0);
  let previous = best;
  return ranked.map((document) => {
    const score = Math.min(previous, scores[document]! > 0 ? scores[document]! : previous);
    previous = score;
    return { tool: index.tools[document]!, score };
  });
}
