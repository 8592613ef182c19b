/** One ranking to fuse: documents best first, and how much it counts. */
export interface WeightedRanking {
  readonly documents: readonly number[];
  readonly weight: number;
}

/** Reciprocal-rank constant of clause fusion: small, so that the first places of each ranking dominate. */
const RANK_OFFSET = 1;

/** A fused document with its summed reciprocal-rank score. */
export interface FusedDocument {
  readonly document: number;
  readonly score: number;
}

/**
 * Reciprocal rank fusion: each document scores the sum over rankings of weight / (rankOffset + rank),
 * rank counted from 1, and documents come back best first; equal sums are ordered by `compare`, so the
 * result never depends on the order the rankings list them in.
 */
export function fuseRankings(
  rankings: readonly WeightedRanking[],
  compare: (left: number, right: number) => number,
  rankOffset = RANK_OFFSET,
): number[] {
  return fuseRankingsWithScores(rankings, compare, rankOffset).map(({ document }) => document);
}

/** {@link fuseRankings} with each document's fused score. */
export function fuseRankingsWithScores(
  rankings: readonly WeightedRanking[],
  compare: (left: number, right: number) => number,
  rankOffset = RANK_OFFSET,
): FusedDocument[] {
  const fused = new Map<number, number>();
  for (const { documents, weight } of rankings) {
    documents.forEach((document, position) => {
      fused.set(document, (fused.get(document) ?? 0) + weight / (rankOffset + position + 1));
    });
  }
  return [...fused]
    .sort((left, right) => right[1] - left[1] || compare(left[0], right[0]))
    .map(([document, score]) => ({ document, score }));
}
