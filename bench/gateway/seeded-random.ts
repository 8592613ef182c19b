import { createSeededRandom } from '../search/seeded-random.ts';

/** A source of random numbers in [0, 1) that replays the same sequence for the same seed. */
export type Random = () => number;

/** The search bench's generator (mulberry32): print the seed of a run that found something, pass it back. */
export function seededRandom(seed: number): Random {
  return createSeededRandom(seed);
}

/** A whole number in [0, bound). */
export function randomIndex(random: Random, bound: number): number {
  return Math.floor(random() * bound);
}

/** One of `items`, uniformly. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[randomIndex(random, items.length)]!;
}
