/**
 * Damerau-Levenshtein distance (optimal string alignment) between two strings: an inserted, deleted or
 * replaced character, or two neighbouring characters swapped, count one edit each.
 *
 * With `maximum`, only distances up to it are computed exactly and anything larger comes back as
 * `maximum + 1`: the table is filled in a band of `maximum` cells either side of its diagonal (Ukkonen),
 * and the comparison stops at the first row whose cells all exceed it. The work is then at most
 * `(left.length + 1) * (2 * maximum + 1)` cells however long the strings are, which is what keeps an
 * unknown 1,000,000-character tool name from holding the process (suggest-names.ts).
 * @default maximum Infinity (the whole table)
 */
export function editDistance(left: string, right: string, maximum: number = Infinity): number {
  const over = maximum + 1;
  if (Math.abs(left.length - right.length) > maximum) return over;
  const columns = right.length + 1;
  const band = Math.min(maximum, Math.max(left.length, right.length));
  // Rows two back, one back and current: the swap of neighbours looks two rows up.
  let twoBack = new Array<number>(columns).fill(over);
  let previous = new Array<number>(columns).fill(over);
  let current = new Array<number>(columns).fill(over);
  for (let column = 0; column <= Math.min(band, right.length); column++) previous[column] = column;
  for (let row = 1; row <= left.length; row++) {
    const first = Math.max(1, row - band);
    const last = Math.min(right.length, row + band);
    // The cells just outside the band are read as 'too far'; the arrays are reused, so they are reset.
    current[0] = row <= band ? row : over;
    if (first > 1) current[first - 1] = over;
    if (last < right.length) current[last + 1] = over;
    let rowBest = current[0]!;
    for (let column = first; column <= last; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, twoBack[column - 2]! + 1);
      }
      current[column] = Math.min(best, over);
      if (best < rowBest) rowBest = best;
    }
    // Every path to the last cell crosses this row, and distances never shrink along a path.
    if (rowBest > maximum) return over;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  return Math.min(previous[right.length]!, over);
}
