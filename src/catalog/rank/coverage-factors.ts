import { FIELD_COUNT, type SearchIndex } from '../index/search-index.ts';
import type { ScoringScratch } from './scoring-scratch.ts';

/**
 * Multiplies into each touched document's multiplier (scratch.multipliers) the two coverage factors
 * of the ranking, in this order:
 * - name coverage: 1 + nameCoverage x (share of the tool's name terms the query has, capped at 1),
 *   since names are the most telling words a tool has;
 * - coordination: (weight of the query's words the tool matches / weight of all its words) ^ exponent,
 *   the exponent `shortRequestCoordination` for a request of fewer than `shortRequestWords` words
 *   (a short request asks for one thing: the tool matching most of its words is usually it), else
 *   `coordination` (a long one describes several steps that no one tool matches).
 * `conceptWeights` holds the weight of each of the user's words (weighQueryTerms).
 */
export function multiplyCoverageFactors(
  index: SearchIndex,
  touched: readonly number[],
  scratch: ScoringScratch,
  conceptWeights: readonly number[],
): void {
  const { multipliers, matchedConcepts, nameMatches } = scratch;
  const { nameCoverage } = index.options;
  if (nameCoverage > 0) {
    for (const document of touched) {
      const matched = nameMatches[document]!;
      const length = index.fieldLengths[document * FIELD_COUNT]!;
      if (matched > 0 && length > 0) multipliers[document]! *= 1 + nameCoverage * Math.min(1, matched / length);
    }
  }
  // Every user word has an entry in conceptWeights, so its length is the number of words.
  const conceptCount = conceptWeights.length;
  const conceptWeightSum = conceptWeights.reduce((sum, weight) => sum + weight, 0);
  const coordination = conceptCount < index.options.shortRequestWords ? index.options.shortRequestCoordination : index.options.coordination;
  if (coordination > 0 && conceptCount > 1) {
    for (const document of touched) {
      const matched = matchedConcepts[document]!;
      if (matched > 0) multipliers[document]! *= Math.pow(matched / conceptWeightSum, coordination);
    }
  }
}
