import type { WeightedTerm } from '../query/expand-query.ts';

/** How much the words of a request count, by kind (search-options.ts documents each). */
export interface QueryWordWeights {
  /** Weight of a word made only of digits. */
  readonly numberWeight: number;
  /** Fraction of its weight a synonym keeps when the catalog's tool names already use the user's own word. */
  readonly namedWordSynonymFactor: number;
}

/** Query terms with their final weights, and the weight of each of the user's words (by concept). */
export interface WeighedQuery {
  readonly terms: readonly WeightedTerm[];
  /** Concept -> how much matching that word counts for coordination. */
  readonly conceptWeights: readonly number[];
}

/**
 * Final weights for the expanded query terms (expandQuery: each user word, then its synonyms):
 * - a number ("5", "2023") is almost always an argument value, not what a tool does, so it and its
 *   concept count `numberWeight` (a "1" in a request must not pick `Movies_1_FindMovies`);
 * - the synonyms of a word that some tool of the catalog has in its name keep `namedWordSynonymFactor`
 *   of their weight: when the catalog already speaks the user's word, its synonyms more often name
 *   something else (weather -> forecast); when no name has the word, synonyms are the bridge.
 * `isNamed(term)` says whether some tool has the term in its name.
 */
export function weighQueryTerms(
  expanded: readonly WeightedTerm[],
  isNamed: (term: string) => boolean,
  weights: QueryWordWeights,
): WeighedQuery {
  const terms: WeightedTerm[] = [];
  const conceptWeights: number[] = [];
  let synonymFactor = 1;
  for (const term of expanded) {
    if (conceptWeights[term.concept] === undefined) {
      // The first term of a concept is the user's own word (expandQuery keeps them contiguous).
      const wordWeight = isNumber(term.term) ? weights.numberWeight : 1;
      conceptWeights[term.concept] = wordWeight;
      synonymFactor = isNamed(term.term) ? weights.namedWordSynonymFactor : 1;
      terms.push({ ...term, weight: term.weight * wordWeight });
    } else {
      terms.push({ ...term, weight: term.weight * conceptWeights[term.concept]! * synonymFactor });
    }
  }
  return { terms, conceptWeights };
}

function isNumber(term: string): boolean {
  if (term.length === 0) return false;
  for (let index = 0; index < term.length; index++) {
    const code = term.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
