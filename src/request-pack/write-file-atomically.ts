import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Owner read and write only: these files hold what was asked of the tools. */
export const PRIVATE_FILE_MODE = 0o600;
/** Owner only. */
export const PRIVATE_FOLDER_MODE = 0o700;

/**
 * Writes a file whole or not at all: the text goes to a temporary file beside it (mode 0600), which is
 * flushed and renamed over the file, so a reader or a crash never sees half a file. Creates the folder
 * (mode 0700) when missing; a folder this creates or finds open to others is made owner-only when
 * `privateFolder` is set. Throws what the file system throws.
 */
export function writeFileAtomically(path: string, text: string, options: { readonly privateFolder?: boolean } = {}): void {
  const folder = dirname(path);
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (options.privateFolder === true && (statSync(folder).mode & 0o077) !== 0) chmodSync(folder, PRIVATE_FOLDER_MODE);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const descriptor = openSync(temporary, 'wx', PRIVATE_FILE_MODE);
  try {
    writeSync(descriptor, text);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(descriptor);
  try {
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
