import type { WordsRanking } from '../rank/words-ranking.ts';

/**
 * `ranked` (at most `limit` long) with the SPEC BM25's first tool, which is never dropped: it takes the
 * last place when it is missing. Only exact name matches rank before it, when they alone fill the limit.
 */
export function keepSpecFirst(
  ranked: readonly number[],
  { limit, exactCount, specFirst }: Pick<WordsRanking, 'limit' | 'exactCount' | 'specFirst'>,
): number[] {
  const guarded = [...ranked];
  if (specFirst === undefined || guarded.includes(specFirst) || exactCount >= limit) return guarded;
  if (guarded.length >= limit) guarded.pop();
  guarded.push(specFirst);
  return guarded;
}
