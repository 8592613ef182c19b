/** Keys longer than this are not compared: no config key is near, and the work stays bounded. */
const MAX_COMPARED_LENGTH = 64;

/**
 * The known key a mistyped config key most likely meant, for "did you mean" messages: the closest by
 * edit distance (case-insensitive, `-` and `_` alike; two neighbouring letters typed in the wrong order
 * count as one mistake, so `evn` finds `env`), accepting at most a third of the characters wrong (at
 * least 1, at most 3), or undefined when none is that close.
 */
export function closestKey(key: string, known: readonly string[]): string | undefined {
  if (key.length > MAX_COMPARED_LENGTH) return undefined;
  const wanted = normalize(key);
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, normalize(candidate));
    const allowed = Math.min(3, Math.max(1, Math.floor(Math.max(wanted.length, candidate.length) / 3)));
    if (distance > allowed) continue;
    if (best === undefined || distance < best.distance) best = { key: candidate, distance };
  }
  return best?.key;
}

/** ` (did you mean 'require_approval'?)`, or nothing when no known key is close. */
export function didYouMean(key: string, known: readonly string[]): string {
  const closest = closestKey(key, known);
  return closest === undefined ? '' : ` (did you mean '${closest}'?)`;
}

function normalize(key: string): string {
  return key.toLowerCase().replace(/-/g, '_');
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbouring
 * characters each cost 1. Swaps are the commonest typing slip (`agrs`, `tokne`), and plain Levenshtein
 * counts them as 2, which short keys cannot afford.
 */
function editDistance(left: string, right: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, beforePrevious[column - 2]! + 1);
      }
      current[column] = best;
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[right.length]!;
}
