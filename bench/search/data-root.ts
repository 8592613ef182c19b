import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: two folders above this file. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The public data sets the search bench reads, committed with the repository (bench/data/README.md). */
export const DATA_ROOT = join(REPOSITORY_ROOT, 'bench', 'data');

/**
 * The folder of public data sets, bench/data. Throws a message that says where it looked when it is
 * missing (an installed package ships no bench; a clone always has it).
 */
export function resolveDataRoot(): string {
  if (!existsSync(DATA_ROOT)) {
    throw new Error(`Benchmark data not found at ${DATA_ROOT}. It is part of the repository: run the bench from a clone of it.`);
  }
  return DATA_ROOT;
}
