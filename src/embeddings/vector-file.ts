import { appendFile, chmod, mkdir, open as openFile, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TextEmbedder } from '../catalog/meaning/text-embedder.ts';
import { firstLineOf } from '../errors/message-of.ts';
import { decodeVectorFile, encodeHeader, encodeRecords, recordBytes, textKey } from './vector-file-format.ts';

/** The most a vector file may take. @default 64 MiB (about 10,000 vectors of 1,536 dimensions) */
export const DEFAULT_VECTOR_FILE_BYTES = 64 * 1024 * 1024;

export interface VectorFileOptions {
  /** The file (vector-file-format.ts); its folder is made (mode 0700) when the first vectors are written. */
  readonly path: string;
  /** What made the vectors (endpoint model name): a file of another model's vectors is started over. */
  readonly model: string;
  /** The vectors' width when it is known ahead (configured): a file of another width is started over. */
  readonly dimensions?: number;
  /**
   * Vectors kept, in bytes of the file: beyond it the oldest half is dropped (in memory at once, and
   * from the file at its next write), so neither grows without bound. @default DEFAULT_VECTOR_FILE_BYTES
   */
  readonly maxBytes?: number;
  /** Told once, in one line, when the file cannot be read or written; embedding goes on without it. */
  readonly onWarning?: (line: string) => void;
}

/** A TextEmbedder whose tool vectors outlive the process. */
export interface FileBackedEmbedder extends TextEmbedder {
  /** Resolves once every vector embedded so far is written (or the file was given up). */
  flush(): Promise<void>;
}

/**
 * `embedder` with the vectors of tool texts kept in a file (mode 0600), keyed on the SHA-256 of the
 * text embedded, in a file of one model (and width): a process started again embeds only tools that
 * are new or whose text changed. Queries are never written: they are the user's words.
 *
 * A cache, so it never fails a search: a file that cannot be read or written is given up with one
 * warning, a damaged or foreign one is started over, and two processes sharing the file lose at most
 * each other's latest vectors (appends are whole records; a torn one ends what is read, and the next
 * process to open the file rewrites it).
 */
export function withVectorFile(embedder: TextEmbedder, options: VectorFileOptions): FileBackedEmbedder {
  const maxBytes = options.maxBytes ?? DEFAULT_VECTOR_FILE_BYTES;
  let stored = new Map<string, Float32Array>();
  let dimensions = options.dimensions;
  // Whether the next write replaces the file (none yet, damaged, another model's, or trimmed) instead of appending.
  let startOver = false;
  let usable = true;
  let opened: Promise<void> | undefined;
  let writes: Promise<void> = Promise.resolve();

  const giveUp = (error: unknown): void => {
    if (!usable) return;
    usable = false;
    options.onWarning?.(
      `the vector cache ${options.path} cannot be used (${firstLineOf(error)}); tools will be embedded again at the next start`,
    );
  };

  /** Drops the oldest vectors beyond `maxBytes` (down to half of it), to be written over the file. */
  const trim = (): void => {
    if (dimensions === undefined || stored.size * recordBytes(dimensions) <= maxBytes) return;
    const keep = Math.floor(maxBytes / 2 / recordBytes(dimensions));
    stored = new Map([...stored].slice(stored.size - keep));
    startOver = true;
  };

  const open = async (): Promise<void> => {
    let bytes: Uint8Array;
    try {
      // A file far past the limit is started over unread, rather than read whole into memory.
      bytes = (await stat(options.path)).size > 2 * maxBytes ? new Uint8Array(0) : await readFile(options.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return giveUp(error);
      bytes = new Uint8Array(0);
    }
    const contents = decodeVectorFile(bytes, options.model, options.dimensions);
    stored = contents.vectors;
    dimensions = contents.dimensions ?? options.dimensions;
    startOver = contents.problem !== undefined;
    trim();
  };

  // Vectors embedded and not written yet, oldest first.
  const unwritten: (readonly [string, Float32Array])[] = [];
  const write = async (): Promise<void> => {
    if (dimensions === undefined) return;
    const width = dimensions;
    if (startOver) {
      // Everything known, written aside and renamed over the file, so that no reader sees half of it.
      await mkdir(dirname(options.path), { recursive: true, mode: 0o700 });
      unwritten.length = 0; // they are all in `stored`
      const temporary = `${options.path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      const file = await openFile(temporary, 'wx', 0o600);
      try {
        await file.writeFile(Buffer.concat([encodeHeader(options.model, width), encodeRecords([...stored], width)]));
      } finally {
        await file.close();
      }
      try {
        await rename(temporary, options.path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      startOver = false;
      return;
    }
    const records = unwritten.splice(0);
    if (records.length > 0) {
      await appendFile(options.path, encodeRecords(records, width), { mode: 0o600 });
      // A file made by someone else's umask, or an older version, is made owner-only.
      await chmod(options.path, 0o600);
    }
  };

  return {
    async embed(texts, purpose) {
      if (purpose !== 'tools') return embedder.embed(texts, purpose);
      await (opened ??= open());
      const keys = texts.map(textKey);
      const missing = [...new Set(texts.filter((_, position) => !stored.has(keys[position]!)))];
      const vectors = missing.length === 0 ? [] : await embedder.embed(missing, purpose);
      if (!Array.isArray(vectors) || vectors.length !== missing.length) {
        throw new TypeError(
          `the embedder returned ${Array.isArray(vectors) ? vectors.length : 'no array of'} vectors for ${missing.length} texts`,
        );
      }
      const embedded = new Map(missing.map((text, position) => [textKey(text), Float32Array.from(vectors[position]!)] as const));
      // Only sound vectors of the file's width are kept: another goes back to the caller (whose checks
      // report it) and is embedded again next time, never served from the file for good.
      dimensions ??= [...embedded.values()][0]?.length;
      const fresh = [...embedded].filter(([, vector]) => vector.length === dimensions && vector.every(Number.isFinite));
      for (const [key, vector] of fresh) stored.set(key, vector);
      const result = keys.map((key) => stored.get(key) ?? embedded.get(key)!);
      trim();
      if (usable && fresh.length > 0) {
        unwritten.push(...fresh);
        writes = writes.then(() => (usable ? write() : undefined)).catch(giveUp);
      }
      return result;
    },
    flush: () => writes,
  };
}
