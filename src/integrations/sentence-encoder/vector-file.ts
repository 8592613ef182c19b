import { appendFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { TextEmbedder } from '../../catalog/meaning/text-embedder.ts';
import { firstLineOf } from '../../errors/message-of.ts';
import { decodeVectorFile, encodeHeader, encodeRecords, recordBytes } from './vector-file-format.ts';

export interface VectorFileOptions {
  /** The file (vector-file-format.ts); its directory is made when the first vectors are written. */
  readonly path: string;
  /** What made the vectors (model name and version): a file of another model's vectors is started over. */
  readonly model: string;
  /** A file larger than this when it is opened is rewritten with its newest vectors, half this size. @default 64 MiB */
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
 * `embedder` with the vectors of tool texts kept in a file, so that a process started again (a gateway,
 * a `tool-search search --semantic`) embeds only the tool texts it has never seen: embedding hundreds of
 * tools takes seconds, reading their vectors milliseconds. Keyed on the text embedded and the model,
 * never on a catalog or a session. Queries are never written: they are the user's words.
 *
 * A cache, so it never fails a search: a file that cannot be read or written is given up with one
 * warning, a damaged or foreign one is started over, and two processes sharing the file lose at most
 * each other's latest vectors (appends are whole records; a torn one ends what is read, and the next
 * process to open the file rewrites it).
 */
export function withVectorFile(embedder: TextEmbedder, options: VectorFileOptions): FileBackedEmbedder {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let stored = new Map<string, Float32Array>();
  let dimensions: number | undefined;
  // Whether the next write replaces the file (none yet, damaged, another model's, or too big) instead
  // of appending to it.
  let startOver = false;
  let usable = true;
  let opened: Promise<void> | undefined;
  let writes: Promise<void> = Promise.resolve();

  const giveUp = (error: unknown): void => {
    if (!usable) return;
    usable = false;
    options.onWarning?.(`warning: the vector cache ${options.path} cannot be used (${firstLineOf(error)}); tool texts will be embedded again next time`);
  };

  const open = async (): Promise<void> => {
    let bytes: Uint8Array;
    try {
      // A file far past the limit is started over unread, rather than read whole into memory.
      bytes = (await stat(options.path)).size > 4 * maxBytes ? new Uint8Array(0) : await readFile(options.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return giveUp(error);
      bytes = new Uint8Array(0);
    }
    const contents = decodeVectorFile(bytes, options.model);
    stored = contents.vectors;
    dimensions = contents.dimensions;
    startOver = contents.problem !== undefined || bytes.length > maxBytes;
    if (bytes.length > maxBytes && dimensions !== undefined) stored = newest(stored, dimensions, maxBytes / 2);
  };

  // Vectors embedded and not written yet, oldest first.
  const unwritten: (readonly [string, Float32Array])[] = [];
  const write = async (): Promise<void> => {
    dimensions ??= unwritten[0]?.[1].length;
    if (dimensions === undefined) return;
    const width = dimensions;
    if (startOver) {
      // Everything known, written aside and renamed over the file, so that no reader sees half of it.
      await mkdir(dirname(options.path), { recursive: true });
      unwritten.length = 0; // they are all in `stored`
      const records = [...stored].filter(([, vector]) => vector.length === width);
      const temporary = `${options.path}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`; // unique even within a process
      await writeFile(temporary, Buffer.concat([encodeHeader(options.model, width), encodeRecords(records, width)]));
      await rename(temporary, options.path);
      startOver = false;
      return;
    }
    const records = unwritten.splice(0).filter(([, vector]) => vector.length === width);
    if (records.length > 0) await appendFile(options.path, encodeRecords(records, width));
  };

  return {
    async embed(texts, purpose) {
      if (purpose !== 'tools') return embedder.embed(texts, purpose);
      await (opened ??= open());
      const missing = [...new Set(texts.filter((text) => !stored.has(text)))];
      const vectors = missing.length === 0 ? [] : await embedder.embed(missing, purpose);
      if (!Array.isArray(vectors) || vectors.length !== missing.length) {
        throw new TypeError(`the embedder returned ${Array.isArray(vectors) ? vectors.length : 'no array of'} vectors for ${missing.length} texts`);
      }
      const embedded = missing.map((text, position) => [text, Float32Array.from(vectors[position]!)] as const);
      // Only sound vectors are kept: a broken one goes back to the caller (whose checks report it) and
      // is embedded again next time, never served from the file for good.
      const fresh = embedded.filter(([, vector]) => vector.length > 0 && vector.every(Number.isFinite));
      for (const [text, vector] of fresh) stored.set(text, vector);
      if (usable && fresh.length > 0) {
        unwritten.push(...fresh);
        writes = writes.then(() => (usable ? write() : undefined)).catch(giveUp);
      }
      const broken = new Map(embedded);
      return texts.map((text) => stored.get(text) ?? broken.get(text)!);
    },
    flush: () => writes,
  };
}

/** The newest of `vectors` (the last in the map) whose records take at most `budget` bytes. */
function newest(vectors: Map<string, Float32Array>, dimensions: number, budget: number): Map<string, Float32Array> {
  const entries = [...vectors];
  let bytes = 0;
  let first = entries.length;
  while (first > 0) {
    const size = recordBytes(entries[first - 1]![0], dimensions);
    if (bytes + size > budget) break;
    bytes += size;
    first -= 1;
  }
  return new Map(entries.slice(first));
}
