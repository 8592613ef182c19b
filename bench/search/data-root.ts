import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: two folders above this file. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The folder of public data sets, `../shared/data` relative to the repository root. Throws a message that
 * says where it looked and what it expects when the folder is missing.
 */
export function resolveDataRoot(): string {
  const root = join(REPOSITORY_ROOT, '..', 'shared', 'data');
  if (!existsSync(root)) {
    throw new Error(
      `Benchmark data not found at ${root}. The search bench reads the public data sets (seal-tools, bfcl, metatool, ` +
        'livemcpbench) from ../shared/data next to the repository root; put them there and run `npm run bench` again.',
    );
  }
  return root;
}
