import { randomBytes } from 'node:crypto';
import { closeSync, constants, openSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeWriteError } from './open-activity-log.ts';

/** How much a check writes: a generous activity-log line (an error message, a search's results). */
export const LOG_CHECK_BYTES = 16 * 1024;

/** What a check found: lines can be written, cannot (and why), or the check itself could not run. */
export type LogWriteCheck =
  | { readonly kind: 'writable' }
  | { readonly kind: 'not-writable'; readonly error: string }
  | { readonly kind: 'not-checked'; readonly error: string };

/**
 * Checks that a line can be written beside the log `path` now, without touching the log itself (a
 * gateway may be appending to it): writes LOG_CHECK_BYTES to a new hidden file in the log's folder,
 * then removes it. A full disk, a quota or a file-size limit makes the write fail as it would fail
 * for the log (`not-writable`); a folder that does not let a new file be made leaves it `not-checked`.
 * For `inspect`, which writes no activity itself.
 */
export function checkLogWritable(path: string): LogWriteCheck {
  const probe = join(dirname(path), `.${basename(path)}.check-${randomBytes(6).toString('hex')}`);
  let descriptor: number;
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- undefined on Windows, whatever @types/node says
    descriptor = openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (error) {
    return { kind: 'not-checked', error: describeWriteError(error) };
  }
  try {
    const bytes = Buffer.alloc(LOG_CHECK_BYTES, 0x20);
    let written = 0;
    while (written < bytes.length) written += writeSync(descriptor, bytes, written);
    return { kind: 'writable' };
  } catch (error) {
    return { kind: 'not-writable', error: describeWriteError(error) };
  } finally {
    closeSync(descriptor);
    try {
      unlinkSync(probe);
    } catch {
      // Removed already: nothing is left behind either way.
    }
  }
}
