import { compareText } from '../catalog/search-tools.ts';

/** How many close names an unknown-name error offers. */
export const SUGGESTION_COUNT = 3;

/**
 * Names close to a mistyped one, best first: by edit distance relative to length, accepting at most
 * about a quarter of the characters wrong, or names that contain the given one (or the reverse).
 */
export function suggestNames(wanted: string, candidates: readonly string[], count: number = SUGGESTION_COUNT): string[] {
  const target = wanted.toLowerCase();
  const scored: { name: string; distance: number }[] = [];
  for (const name of new Set(candidates)) {
    const lower = name.toLowerCase();
    const distance = editDistance(target, lower) / Math.max(target.length, lower.length, 1);
    const contains = target.length >= 3 && (lower.includes(target) || target.includes(lower));
    if (distance <= 0.25 || contains) scored.push({ name, distance: contains ? Math.min(distance, 0.5) : distance });
  }
  scored.sort((left, right) => left.distance - right.distance || compareText(left.name, right.name));
  return scored.slice(0, count).map((entry) => entry.name);
}

/** Damerau-Levenshtein distance (optimal string alignment): typos and swapped letters count one each. */
export function editDistance(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const table: number[][] = Array.from({ length: rows }, (_, row) => {
    const line = new Array<number>(columns).fill(0);
    line[0] = row;
    return line;
  });
  for (let column = 0; column < columns; column++) table[0]![column] = column;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(
        table[row - 1]![column]! + 1,
        table[row]![column - 1]! + 1,
        table[row - 1]![column - 1]! + cost,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, table[row - 2]![column - 2]! + 1);
      }
      table[row]![column] = best;
    }
  }
  return table[left.length]![right.length]!;
}
