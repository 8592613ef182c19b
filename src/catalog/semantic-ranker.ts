import type { Tool } from '../tools/tool.ts';
import { selectTop } from './select-top.ts';
import { embeddingTextOf } from './embedding-text.ts';
import { createVectorMatrix, type VectorMatrix } from './vector-matrix.ts';

/**
 * Turns texts into vectors whose cosine says how alike their meanings are: a local sentence encoder
 * (`tool-search/sentence-encoder`) or a hosted embedding API. One vector per text, in order, all of
 * one length.
 */
export interface TextEmbedder {
  embed(texts: readonly string[]): Promise<readonly ArrayLike<number>[]>;
}

export interface SemanticRankerOptions {
  /**
   * Weight of the meaning-based ranking against the words-based one (weight 1) when the two are fused
   * by reciprocal rank; a request of several clauses divides it by their number, because one vector
   * of a multi-step request stands for none of its steps. @default 1
   */
  readonly weight?: number;
  /**
   * When the words-based ranking's first tool scores at least this many times its second, it stays
   * first and meaning reorders only the rest; Infinity lets meaning reorder everything. @default 1.2
   */
  readonly wordsLeadRatio?: number;
  /** How many tools of each ranking take part in the fusion. @default 30 */
  readonly depth?: number;
  /** Texts whose vectors are kept (tool texts and queries); the oldest go first beyond it. @default 50000 */
  readonly maxCachedTexts?: number;
  /**
   * How long a search waits for vectors before it ranks by words alone; the embedding goes on and its
   * vectors serve later searches (a first search over hundreds of never-seen tools would otherwise
   * keep the model waiting). @default 5000
   */
  readonly timeoutMs?: number;
  /** Told when embedding fails or times out; the search then ranks by words alone. */
  readonly onError?: (error: Error) => void;
}

/** Ranks tools by the cosine of their embedded text to the query's, for fusion with the BM25F ranking. */
export interface SemanticRanker {
  readonly weight: number;
  readonly wordsLeadRatio: number;
  readonly depth: number;
  readonly timeoutMs: number;
  /** Passes a failure to the `onError` option (a no-op without one). */
  reportError(error: Error): void;
  /** Indexes into `tools`, best first, at most `depth` of them. */
  rank(tools: readonly Tool[], query: string): Promise<number[]>;
  /**
   * Starts embedding `query` now, for a `rank` to come (a search sends it before building its index,
   * so that the two overlap); a failure here is left for that `rank` to report.
   */
  embedAhead(query: string): void;
  /** Embeds the tools' texts not seen yet, so that the first search does not wait for them. */
  warm(tools: readonly Tool[]): Promise<void>;
}

/** Texts embedded per call to the embedder. */
const BATCH_SIZE = 64;

/**
 * A ranker over `embedder` with a vector cache keyed on the text embedded, never on a catalog or a
 * session (SPEC.md: the catalog is rebuilt at every assembly; a tool whose text is unchanged is never
 * embedded twice). Concurrent requests for one text share one embedding.
 */
export function createSemanticRanker(embedder: TextEmbedder, options: SemanticRankerOptions = {}): SemanticRanker {
  const weight = options.weight ?? 1;
  const wordsLeadRatio = options.wordsLeadRatio ?? 1.2;
  const depth = options.depth ?? 30;
  const maxCachedTexts = options.maxCachedTexts ?? 50_000;
  const timeoutMs = options.timeoutMs ?? 5000;
  if (!(weight >= 0) || !Number.isFinite(weight)) throw new RangeError(`semantic weight must be a finite number >= 0, got ${weight}`);
  if (!(wordsLeadRatio >= 1)) throw new RangeError(`semantic wordsLeadRatio must be a number >= 1 (Infinity to turn it off), got ${wordsLeadRatio}`);
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`semantic depth must be a whole number >= 1, got ${depth}`);
  if (!(timeoutMs > 0)) throw new RangeError(`semantic timeoutMs must be a number > 0, got ${timeoutMs}`);
  // text -> its vector's promise, and the vector itself once it has come (read without awaiting).
  const cache = new Map<string, { readonly promise: Promise<Float32Array>; vector?: Float32Array }>();

  const vectorsOf = (texts: readonly string[]): Promise<Float32Array[]> => {
    const missing = [...new Set(texts.filter((text) => !cache.has(text)))];
    for (let start = 0; start < missing.length; start += BATCH_SIZE) {
      const batch = missing.slice(start, start + BATCH_SIZE);
      const embedded = embedder.embed(batch).then((result) => checkedVectors(result, batch.length));
      batch.forEach((text, position) => {
        const entry: { promise: Promise<Float32Array>; vector?: Float32Array } = { promise: embedded.then((all) => all[position]!) };
        entry.promise.then(
          (vector) => (entry.vector = vector),
          // A failed embedding is not cached: the next search tries again.
          () => cache.get(text) === entry && cache.delete(text),
        );
        cache.set(text, entry);
      });
    }
    const pending = texts.map((text) => cache.get(text)!.promise);
    evictOldest(cache, maxCachedTexts, new Set(texts));
    return Promise.all(pending);
  };

  /** The vectors of `texts` if all have come, without a promise per text (a catalog has thousands). */
  const readyVectors = (texts: readonly string[]): Float32Array[] | undefined => {
    const ready: Float32Array[] = [];
    for (const text of texts) {
      const vector = cache.get(text)?.vector;
      if (vector === undefined) return undefined;
      ready.push(vector);
    }
    return ready;
  };

  // The last catalogs' vectors as one matrix each, most recent last: a catalog is rebuilt at every
  // assembly (SPEC.md), so they are found by their texts, not by the tool list's identity.
  const matrices: { readonly texts: readonly string[]; readonly matrix: VectorMatrix }[] = [];
  const matrixOf = async (texts: readonly string[]): Promise<VectorMatrix> => {
    const found = matrices.findIndex((entry) => sameTexts(entry.texts, texts));
    if (found >= 0) {
      const [entry] = matrices.splice(found, 1);
      matrices.push(entry!);
      return entry!.matrix;
    }
    const vectors = readyVectors(texts) ?? (await vectorsOf(texts));
    const matrix = createVectorMatrix(vectors.length, vectors[0]!.length);
    vectors.forEach((vector, row) => {
      if (vector.length !== matrix.dimensions) throw mismatchedDimensions(vector.length, matrix.dimensions);
      matrix.setRow(row, vector);
    });
    matrices.push({ texts, matrix });
    // The least recently used go first beyond the budget; the newest always stays.
    let rows = matrices.reduce((sum, entry) => sum + entry.matrix.rows, 0);
    while (matrices.length > 1 && rows > CACHED_MATRIX_ROWS) rows -= matrices.shift()!.matrix.rows;
    return matrix;
  };

  return {
    weight,
    wordsLeadRatio,
    depth,
    timeoutMs,
    reportError(error) {
      options.onError?.(error);
    },
    async rank(tools, query) {
      if (tools.length === 0) return [];
      // The query goes to the embedder first, so that it embeds while the catalog's matrix is found
      // (and, in searchIndexByMeaning, while the words-based ranking is computed).
      const queryVector = vectorsOf([query]);
      // Awaited below unless the catalog's vectors fail first; never an unhandled rejection.
      queryVector.catch(() => undefined);
      const matrix = await matrixOf(tools.map(embeddingTextOf));
      const [vector] = await queryVector;
      if (vector!.length !== matrix.dimensions) throw mismatchedDimensions(vector!.length, matrix.dimensions);
      const dots = new Float64Array(tools.length);
      matrix.dotAll(vector!, dots);
      // 1 + cosine: positive for selectTop, which keeps the best `depth` in one pass and breaks ties by
      // name, then toolset, so the order never depends on the input's.
      for (let position = 0; position < dots.length; position++) dots[position]! += 1;
      return selectTop(tools, dots, depth);
    },
    embedAhead(query) {
      vectorsOf([query]).catch(() => undefined);
    },
    async warm(tools) {
      await vectorsOf(tools.map(embeddingTextOf));
    },
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

function mismatchedDimensions(left: number, right: number): TypeError {
  return new TypeError(`the embedder returned vectors of ${left} and ${right} dimensions`);
}

/** Whether two text lists are equal; the same catalog's texts are the same strings, so this is fast. */
function sameTexts(left: readonly string[], right: readonly string[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

/**
 * Rows of the catalog matrices kept, over all catalogs: a process usually searches one catalog at a
 * time (a gateway's sessions share theirs), and 100,000 rows of 512 dimensions take 200 MB.
 */
const CACHED_MATRIX_ROWS = 100_000;

/** Drops the oldest entries (Map keeps insertion order) beyond `limit`, never one of `keep`. */
function evictOldest(cache: Map<string, unknown>, limit: number, keep: ReadonlySet<string>): void {
  if (cache.size <= limit) return;
  for (const key of cache.keys()) {
    if (cache.size <= limit) return;
    if (!keep.has(key)) cache.delete(key);
  }
}
