import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

/** Bytes read from the end of an activity log to fill the feed at start: a few hundred lines. @default */
export const LOG_TAIL_BYTES = 512 * 1024;

/**
 * The JSON values of the last whole lines of a JSON-lines file, oldest first, reading at most
 * `maxBytes` from its end (a line cut by that edge is skipped, as is any line that is not JSON). A file
 * that is missing, unreadable or not a regular file gives none: the feed then starts empty, as it did
 * before there was a log. Never throws.
 */
export function readLogTail(path: string, maxBytes = LOG_TAIL_BYTES): unknown[] {
  let descriptor: number | undefined;
  try {
    // Checked before opening: opening a FIFO to read would wait for a writer.
    if (!statSync(path).isFile()) return [];
    descriptor = openSync(path, 'r');
    const stat = fstatSync(descriptor);
    if (!stat.isFile()) return [];
    const start = Math.max(0, stat.size - maxBytes);
    const buffer = Buffer.alloc(stat.size - start);
    const read = readSync(descriptor, buffer, 0, buffer.length, start);
    const lines = buffer.subarray(0, read).toString('utf8').split('\n');
    // Reading from the middle of the file, the first line is most likely cut.
    if (start > 0) lines.shift();
    return lines.flatMap((line) => {
      if (line.trim() === '') return [];
      try {
        return [JSON.parse(line) as unknown];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}
