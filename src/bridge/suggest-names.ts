import { compareText } from '../catalog/rank/compare-tools.ts';
import { editDistance } from './edit-distance.ts';

/** How many close names an unknown-name error offers. */
export const SUGGESTION_COUNT = 3;

/**
 * A name longer than this many times the longest candidate gets no suggestions: it contains no
 * candidate worth offering and is nothing like one, and comparing it would cost time in proportion
 * to its length (a model can send a name of a million characters).
 */
export const SUGGESTION_LENGTH_FACTOR = 2;

/** The share of a name's characters that may be wrong for a candidate to count as close. */
const CLOSE_SHARE = 0.25;

/** The distance of a candidate found only because one name contains the other, at worst. */
const CONTAINS_DISTANCE = 0.5;

/**
 * Computes the edit distance of two lower-cased names, at most `maximum` (larger comes back as more).
 * Injected so that tests can observe which candidates get compared. @default editDistance
 */
export type MeasureDistance = (left: string, right: string, maximum: number) => number;

/**
 * Names close to a mistyped one, best first: by edit distance relative to length, accepting at most
 * about a quarter of the characters wrong, or names that contain the given one (or the reverse).
 *
 * Bounded work whatever the model sends: a name longer than {@link SUGGESTION_LENGTH_FACTOR} times the
 * longest candidate is compared with nothing; a candidate whose length differs by more than the
 * distance it could be accepted at is skipped before any comparison; the distance is computed only up
 * to that bound (a banded table); and the distance of names that contain one another is their length
 * difference, never computed.
 */
export function suggestNames(
  wanted: string,
  candidates: readonly string[],
  count: number = SUGGESTION_COUNT,
  measure: MeasureDistance = editDistance,
): string[] {
  const unique = [...new Set(candidates)];
  const longest = unique.reduce((length, name) => Math.max(length, name.length), 0);
  if (wanted.length > SUGGESTION_LENGTH_FACTOR * longest) return [];
  const target = wanted.toLowerCase();
  const scored: { name: string; distance: number }[] = [];
  for (const name of unique) {
    const lower = name.toLowerCase();
    const length = Math.max(target.length, lower.length, 1);
    const difference = Math.abs(target.length - lower.length);
    if (target.length >= 3 && (lower.includes(target) || target.includes(lower))) {
      // Deleting the extra characters is the shortest way from one to the other.
      scored.push({ name, distance: Math.min(difference / length, CONTAINS_DISTANCE) });
      continue;
    }
    const allowed = Math.floor(CLOSE_SHARE * length);
    if (difference > allowed) continue;
    const distance = measure(target, lower, allowed);
    if (distance <= allowed) scored.push({ name, distance: distance / length });
  }
  scored.sort((left, right) => left.distance - right.distance || compareText(left.name, right.name));
  return scored.slice(0, count).map((entry) => entry.name);
}
