import type { EmbeddingPurpose, TextEmbedder } from './text-embedder.ts';

/**
 * Vectors of texts embedded for one purpose, keyed on the text (never on a catalog or a session), each
 * embedded once: concurrent requests for one text share one embedding, a failed one is forgotten so
 * that the next request tries again, and beyond `maxTexts` the oldest go first.
 */
export interface VectorCache {
  /** Unit-length vectors of `texts`, in order, embedding those neither cached nor on their way. */
  vectorsOf(texts: readonly string[]): Promise<Float32Array[]>;
  /** The vector of `text` if it has come (read without awaiting: a catalog has thousands). */
  ready(text: string): Float32Array | undefined;
  /** Whether `text`'s vector has come or is on its way. */
  has(text: string): boolean;
}

/** Texts per call to the embedder. */
const BATCH_SIZE = 64;

export function createVectorCache(embedder: TextEmbedder, purpose: EmbeddingPurpose, maxTexts: number): VectorCache {
  const entries = new Map<string, { readonly promise: Promise<Float32Array>; vector?: Float32Array }>();
  return {
    vectorsOf(texts) {
      const missing = [...new Set(texts.filter((text) => !entries.has(text)))];
      for (let start = 0; start < missing.length; start += BATCH_SIZE) {
        const batch = missing.slice(start, start + BATCH_SIZE);
        const embedded = embedder.embed(batch, purpose).then((result) => checkedVectors(result, batch.length));
        batch.forEach((text, position) => {
          const entry: { promise: Promise<Float32Array>; vector?: Float32Array } = { promise: embedded.then((all) => all[position]!) };
          entry.promise.then(
            (vector) => (entry.vector = vector),
            () => entries.get(text) === entry && entries.delete(text),
          );
          entries.set(text, entry);
        });
      }
      const pending = texts.map((text) => entries.get(text)!.promise);
      evictOldest(entries, maxTexts, new Set(texts));
      return Promise.all(pending);
    },
    ready: (text) => entries.get(text)?.vector,
    has: (text) => entries.has(text),
  };
}

/** Unit-length copies of the embedder's vectors, after checking there is one finite vector per text. */
function checkedVectors(result: readonly ArrayLike<number>[], expected: number): Float32Array[] {
  if (!Array.isArray(result) || result.length !== expected) {
    throw new TypeError(`the embedder returned ${Array.isArray(result) ? result.length : 'no array of'} vectors for ${expected} texts`);
  }
  return result.map((vector) => {
    const copy = Float32Array.from(vector);
    let norm = 0;
    for (const value of copy) norm += value * value;
    if (copy.length === 0 || !Number.isFinite(norm)) throw new TypeError('the embedder returned an empty or non-finite vector');
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let index = 0; index < copy.length; index++) copy[index]! *= scale;
    return copy;
  });
}

/** Drops the oldest entries (Map keeps insertion order) beyond `limit`, never one of `keep`. */
function evictOldest(cache: Map<string, unknown>, limit: number, keep: ReadonlySet<string>): void {
  if (cache.size <= limit) return;
  for (const key of cache.keys()) {
    if (cache.size <= limit) return;
    if (!keep.has(key)) cache.delete(key);
  }
}
