/**
 * The bytes of a file of tool vectors (see vector-file.ts), as pure functions.
 *
 * Layout, little-endian:
 * - header: the 8 bytes `TSEMB1\n\0`, a u32 byte length, then that many bytes of UTF-8 JSON
 *   `{"model": string, "dimensions": number}`;
 * - then records of one size, appended over time: the SHA-256 of the text embedded (32 bytes; the text
 *   itself is not kept), `dimensions` float32s, and a u32 FNV-1a checksum of the hash and vector bytes.
 *
 * A record is whole and checked or it is not read: a crash in the middle of an append, or two processes
 * interleaving their appends, leaves a tail that the reader stops at (and the next writer rewrites).
 */
import { createHash } from 'node:crypto';

const MAGIC = Buffer.from('TSEMB1\n\0', 'latin1');
const MAX_HEADER_BYTES = 1 << 16;
const MAX_DIMENSIONS = 1 << 16;
const HASH_BYTES = 32;

/** The key a text's vector is kept under: its SHA-256, hex. */
export function textKey(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export interface VectorFileContents {
  /** Vectors by text key, in file order (the oldest first; a key written twice keeps its last vector). */
  readonly vectors: Map<string, Float32Array>;
  /** The vectors' width: the file's, or undefined for a file not read. */
  readonly dimensions: number | undefined;
  /**
   * Why the file cannot simply be appended to: `empty` (no header: a new file), `other-model` (another
   * model's or width's vectors; none are read), `broken` (a damaged header or record: the records
   * before it are read). Undefined for a sound file of this model and width.
   */
  readonly problem?: 'empty' | 'other-model' | 'broken';
}

/** The header of a file of `model`'s vectors of `dimensions` components. */
export function encodeHeader(model: string, dimensions: number): Buffer {
  const json = Buffer.from(JSON.stringify({ model, dimensions }), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([MAGIC, length, json]);
}

/** The bytes one record takes in a file of `dimensions`-component vectors. */
export function recordBytes(dimensions: number): number {
  return HASH_BYTES + 4 * dimensions + 4;
}

/** `records` (text key, vector) as bytes to append; every vector must have the file's `dimensions`. */
export function encodeRecords(records: readonly (readonly [string, Float32Array])[], dimensions: number): Buffer {
  const size = recordBytes(dimensions);
  const bytes = Buffer.alloc(size * records.length);
  records.forEach(([key, vector], position) => {
    if (vector.length !== dimensions) throw new RangeError(`a vector of ${vector.length} components in a file of ${dimensions}`);
    const start = position * size;
    bytes.write(key, start, HASH_BYTES, 'hex');
    for (let index = 0; index < dimensions; index++) bytes.writeFloatLE(vector[index]!, start + HASH_BYTES + 4 * index);
    bytes.writeUInt32LE(checksum(bytes, start, start + size - 4), start + size - 4);
  });
  return bytes;
}

/**
 * Reads what can be trusted of a file's bytes for `model` and, when given, `expectedDimensions` (else
 * the file's width is taken); an empty array is a file not written yet.
 */
export function decodeVectorFile(bytes: Uint8Array, model: string, expectedDimensions?: number): VectorFileContents {
  const vectors = new Map<string, Float32Array>();
  if (bytes.length === 0) return { vectors, dimensions: undefined, problem: 'empty' };
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readHeader(buffer);
  if (header === undefined) return { vectors, dimensions: undefined, problem: 'broken' };
  if (header.model !== model || (expectedDimensions !== undefined && header.dimensions !== expectedDimensions))
    return { vectors, dimensions: undefined, problem: 'other-model' };
  const { dimensions } = header;
  const size = recordBytes(dimensions);
  for (let offset = header.recordsStart; offset < buffer.length; offset += size) {
    const end = offset + size;
    if (end > buffer.length || buffer.readUInt32LE(end - 4) !== checksum(buffer, offset, end - 4))
      return { vectors, dimensions, problem: 'broken' };
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) vector[index] = buffer.readFloatLE(offset + HASH_BYTES + 4 * index);
    const key = buffer.toString('hex', offset, offset + HASH_BYTES);
    vectors.delete(key); // a later record of the same key is newer
    vectors.set(key, vector);
  }
  return { vectors, dimensions };
}

function readHeader(buffer: Buffer): { model: string; dimensions: number; recordsStart: number } | undefined {
  if (buffer.length < MAGIC.length + 4 || !buffer.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  const recordsStart = MAGIC.length + 4 + headerLength;
  if (headerLength > MAX_HEADER_BYTES || recordsStart > buffer.length) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(buffer.toString('utf8', MAGIC.length + 4, recordsStart));
  } catch {
    return undefined;
  }
  const { model, dimensions } = (header ?? {}) as { model?: unknown; dimensions?: unknown };
  if (
    typeof model !== 'string' ||
    typeof dimensions !== 'number' ||
    !Number.isInteger(dimensions) ||
    dimensions < 1 ||
    dimensions > MAX_DIMENSIONS
  )
    return undefined;
  return { model, dimensions, recordsStart };
}

/** 32-bit FNV-1a of `bytes[start, end)`. */
function checksum(bytes: Uint8Array, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let index = start; index < end; index++) {
    hash ^= bytes[index]!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
