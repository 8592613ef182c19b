import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The `${tempDir}` of a gateway config: made on first use, removed when the gateway stops. */
export interface TemporaryFolder {
  /** The folder's absolute path; creates it the first time. */
  path(): string;
  /** Removes the folder and everything in it, if it was made. */
  remove(): void;
}

export function createTemporaryFolder(prefix = 'tool-search-gateway-'): TemporaryFolder {
  let made: string | undefined;
  return {
    path() {
      made ??= mkdtempSync(join(tmpdir(), prefix));
      return made;
    },
    remove() {
      if (made !== undefined) rmSync(made, { recursive: true, force: true });
      made = undefined;
    },
  };
}
