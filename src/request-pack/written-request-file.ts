import { readFileSync } from 'node:fs';
import { messageOf } from '../errors/message-of.ts';
import type { WrittenRequestCache } from '../requests/write-requests-in-background.ts';
import { writeFileAtomically } from './write-file-atomically.ts';

/** The most tool contents whose written requests are kept; the oldest written go first. @default 20,000 */
export const DEFAULT_MAX_WRITTEN_ENTRIES = 20_000;

export interface WrittenRequestFileOptions {
  /** @default DEFAULT_MAX_WRITTEN_ENTRIES */
  readonly maxEntries?: number;
  /** One line when the file cannot be read or written; requests are then kept in memory only. @default ignore */
  readonly onWarning?: (message: string) => void;
}

/**
 * Requests the user's model wrote, kept in a JSON file (`{"format": 1, "entries": {<key>: [...]}}`)
 * by the keys `createRequestSources` gives (the model and the tool's content hash), so each tool
 * content costs one call once, across restarts. Read at first use; written whole after each batch
 * (temporary file and rename, mode 0600), merged with what another process wrote since.
 */
export function openWrittenRequestFile(path: string, options: WrittenRequestFileOptions = {}): WrittenRequestCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_WRITTEN_ENTRIES;
  const warn = options.onWarning ?? (() => undefined);
  let entries: Map<string, readonly string[]> | undefined;
  let writable = true;
  const loaded = (): Map<string, readonly string[]> => (entries ??= readEntries(path, warn));

  return {
    get: (key) => loaded().get(key),
    set(batch) {
      const current = loaded();
      // Another process may have written entries since: keep theirs too.
      for (const [key, requests] of readEntries(path, () => undefined)) if (!current.has(key)) current.set(key, requests);
      for (const [key, requests] of batch) {
        current.delete(key);
        current.set(key, requests);
      }
      for (const key of current.keys()) {
        if (current.size <= maxEntries) break;
        current.delete(key);
      }
      if (!writable) return;
      try {
        writeFileAtomically(path, `${JSON.stringify({ format: 1, entries: Object.fromEntries(current) })}\n`);
      } catch (error) {
        writable = false;
        warn(`written requests cannot be kept in ${path} (${messageOf(error)}); they last until the process ends`);
      }
    },
  };
}

function readEntries(path: string, warn: (message: string) => void): Map<string, readonly string[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      warn(`written requests cannot be read from ${path} (${messageOf(error)}); writing them again`);
    return new Map();
  }
  try {
    const value = JSON.parse(text) as { format?: unknown; entries?: unknown };
    if (value.format !== 1 || typeof value.entries !== 'object' || value.entries === null)
      throw new Error('not {"format": 1, "entries": {...}}');
    const entries = new Map<string, readonly string[]>();
    for (const [key, requests] of Object.entries(value.entries as Record<string, unknown>)) {
      if (Array.isArray(requests))
        entries.set(
          key,
          requests.filter((request): request is string => typeof request === 'string'),
        );
    }
    return entries;
  } catch (error) {
    warn(`written requests file ${path} is not valid (${messageOf(error)}); writing them again`);
    return new Map();
  }
}
