/**
 * The bytes of a vector file (see vector-file.ts), as pure functions.
 *
 * Layout, little-endian:
 * - header: the 8 bytes `TSVEC1\n\0`, a u32 byte length, then that many bytes of UTF-8 JSON
 *   `{"model": string, "dimensions": number}`;
 * - then records, appended over time: a u32 byte length, the text's UTF-8 bytes, `dimensions` float32s,
 *   and a u32 FNV-1a checksum of the text and vector bytes.
 *
 * A record is whole and checked or it is not read: a crash in the middle of an append, or two processes
 * interleaving their appends, leaves a tail that the reader stops at (and the next writer rewrites).
 */

const MAGIC = Buffer.from('TSVEC1\n\0', 'latin1');

/** A text no tool has: longer texts are taken for a broken record. */
const MAX_TEXT_BYTES = 1 << 20;
const MAX_HEADER_BYTES = 1 << 16;
const MAX_DIMENSIONS = 1 << 16;

export interface VectorFileContents {
  /** Vectors by text, in file order (the oldest first; a text written twice keeps its last vector). */
  readonly vectors: Map<string, Float32Array>;
  readonly dimensions: number | undefined;
  /**
   * Why the file cannot simply be appended to: `empty` (no header: a new file), `other-model` (vectors of
   * another model or width; none are read), `broken` (a damaged header or record: the records before it
   * are read). Undefined for a sound file of this model.
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

/** The bytes one record of `text` takes in a file of `dimensions`-component vectors. */
export function recordBytes(text: string, dimensions: number): number {
  return 4 + Buffer.byteLength(text, 'utf8') + 4 * dimensions + 4;
}

/** `records` as bytes to append; every vector must have the file's `dimensions`. */
export function encodeRecords(records: readonly (readonly [string, Float32Array])[], dimensions: number): Buffer {
  const parts: Buffer[] = [];
  for (const [text, vector] of records) {
    if (vector.length !== dimensions) throw new RangeError(`a vector of ${vector.length} components in a file of ${dimensions}`);
    const textBytes = Buffer.from(text, 'utf8');
    const record = Buffer.alloc(recordBytes(text, dimensions));
    record.writeUInt32LE(textBytes.length, 0);
    textBytes.copy(record, 4);
    const vectorStart = 4 + textBytes.length;
    for (let index = 0; index < dimensions; index++) record.writeFloatLE(vector[index]!, vectorStart + 4 * index);
    record.writeUInt32LE(checksum(record, 4, vectorStart + 4 * dimensions), vectorStart + 4 * dimensions);
    parts.push(record);
  }
  return Buffer.concat(parts);
}

/** The header of a vector file: what made its vectors, how wide they are, and where the records start. */
export interface VectorFileHeader {
  readonly model: string;
  readonly dimensions: number;
  readonly recordsStart: number;
}

/** The header of `bytes`, or undefined when they do not start with a sound one. */
export function readVectorFileHeader(bytes: Uint8Array): VectorFileHeader | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
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
  if (typeof model !== 'string' || typeof dimensions !== 'number' || !Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) return undefined;
  return { model, dimensions, recordsStart };
}

/** Reads what can be trusted of a file's bytes for `model` (an empty array is a file not written yet). */
export function decodeVectorFile(bytes: Uint8Array, model: string): VectorFileContents {
  const vectors = new Map<string, Float32Array>();
  if (bytes.length === 0) return { vectors, dimensions: undefined, problem: 'empty' };
  const header = readVectorFileHeader(bytes);
  if (header === undefined) return { vectors, dimensions: undefined, problem: 'broken' };
  if (header.model !== model) return { vectors, dimensions: undefined, problem: 'other-model' };
  const { dimensions } = header;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = header.recordsStart;
  while (offset < buffer.length) {
    if (offset + 4 > buffer.length) return { vectors, dimensions, problem: 'broken' };
    const textLength = buffer.readUInt32LE(offset);
    const vectorStart = offset + 4 + textLength;
    const end = vectorStart + 4 * dimensions + 4;
    if (textLength > MAX_TEXT_BYTES || end > buffer.length) return { vectors, dimensions, problem: 'broken' };
    if (buffer.readUInt32LE(end - 4) !== checksum(buffer, offset + 4, end - 4)) return { vectors, dimensions, problem: 'broken' };
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) vector[index] = buffer.readFloatLE(vectorStart + 4 * index);
    const text = buffer.toString('utf8', offset + 4, vectorStart);
    vectors.delete(text); // a later record of the same text is newer
    vectors.set(text, vector);
    offset = end;
  }
  return { vectors, dimensions };
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
