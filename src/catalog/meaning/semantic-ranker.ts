import type { Tool } from '../../tools/tool.ts';
import { analyzeTokens } from '../text/analyze-tokens.ts';
import { selectTop } from '../rank/select-top.ts';
import { tokenize } from '../text/tokenize.ts';
import { embeddingTextOf } from './embedding-text.ts';
import { createVectorCache } from './vector-cache.ts';
import { createVectorMatrix, type VectorMatrix } from './vector-matrix.ts';
import { sameItems } from '../index/same-items.ts';
import type { AnalyzedQuery } from '../query/analyze-query.ts';
import type { EmbeddingPurpose, TextEmbedder } from './text-embedder.ts';
import type { MeaningAgreement } from './fuse-with-meaning.ts';

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
  /**
   * How many of the words-based ranking's first tools keep their places; meaning fills the places after
   * them. On catalogs of MCP servers, whose many tools of one server a sentence encoder told apart
   * worse than words do, 2 was better at R@1 and R@5 on every MCP tuning set, and createEmbeddingRanker
   * uses it; on plugin and function catalogs meaning's reordering of the top gained R@1, so this
   * default lets it (docs/search-quality.md). @default 0
   */
  readonly keepWordsFirst?: number;
  /**
   * When set, meaning can only add: the words ranking's first tool stays first unless both rankings
   * place another high (SemanticRanking.agreement). DEFAULT_MEANING_AGREEMENT is what the gateway's
   * `search.embeddings` and a session's `embed` option use. @default none
   */
  readonly agreement?: MeaningAgreement;
  /** How many tools of each ranking take part in the fusion. @default 30 */
  readonly depth?: number;
  /** Tool texts whose vectors are kept (and as many queries, at most 1,000); the oldest go first beyond it. @default 50000 */
  readonly maxCachedTexts?: number;
  /**
   * How long a search waits for vectors before it ranks by words alone; the embedding goes on and its
   * vectors serve later searches (a first search over hundreds of never-seen tools would otherwise
   * keep the model waiting). A search waits only for the query and for tool texts it is the first to
   * ask for: tools already being embedded (by `warm`, or an earlier search) are left out of the
   * ranking by meaning until their vectors come. @default 5000
   */
  readonly timeoutMs?: number;
  /** Told when embedding fails or times out; the search then ranks by words alone. */
  readonly onError?: (error: Error) => void;
}

/** Ranks tools by the cosine of their embedded text to the query's, for fusion with the BM25F ranking. */
export interface SemanticRanker {
  readonly weight: number;
  readonly wordsLeadRatio: number;
  readonly keepWordsFirst: number;
  readonly agreement: MeaningAgreement | undefined;
  readonly depth: number;
  readonly timeoutMs: number;
  /**
   * Whether a search for `query` ranks by meaning at all: a weight above 0, and a query with at least
   * one word that is not a stop word. A query of punctuation or filler alone ("?", "and", "") means
   * nothing to embed (words find nothing for it either); such a search ranks by words alone and the
   * query is not embedded. A search passes its analyzed query (AnalyzedQuery.stems says it), which is
   * not read again.
   */
  appliesTo(query: string | AnalyzedQuery): boolean;
  /** Passes a failure to the `onError` option (a no-op without one). */
  reportError(error: Error): void;
  /**
   * Indexes into `tools`, best first, at most `depth` of them, and the share of `tools` they were
   * ranked among: below 1 while a warm-up is under way (the tools whose vectors have not come are
   * left out), 1 once every tool has its vector.
   */
  rank(tools: readonly Tool[], query: string): Promise<MeaningRanking>;
  /**
   * Starts embedding `query` now, for a `rank` to come (a search sends it before building its index,
   * so that the two overlap); a failure here is left for that `rank` to report.
   */
  embedAhead(query: string): void;
  /**
   * Embeds the tools' texts not seen yet, ahead of searches; searches meanwhile rank by meaning over
   * the tools whose vectors have come, without waiting for the rest.
   */
  warm(tools: readonly Tool[]): Promise<void>;
}

/** A ranking by meaning of a catalog's tools. */
export interface MeaningRanking {
  /** Indexes into the catalog, best first. */
  readonly documents: number[];
  /**
   * The share of the catalog that had vectors to rank, 0 to 1. A search fuses the ranking at its weight
   * times this share: a ranking over the part of a catalog embedded so far lifts that part over the
   * rest for no reason of meaning (on the tuning sets, with half the catalog embedded, fused at full
   * weight it fell well below words alone: docs/search-quality.md).
   */
  readonly coverage: number;
}

/** Queries whose vectors are kept, at most (a repeated query is rare; its embedding is cheap next to a catalog's). */
const MAX_CACHED_QUERIES = 1_000;

/**
 * A ranker over `embedder` with vector caches keyed on the text embedded, never on a catalog or a
 * session (docs/behaviour.md: the catalog is rebuilt at every assembly; a tool whose text is unchanged is never
 * embedded twice).
 */
export function createSemanticRanker(embedder: TextEmbedder, options: SemanticRankerOptions = {}): SemanticRanker {
  const weight = options.weight ?? 1;
  const wordsLeadRatio = options.wordsLeadRatio ?? 1.2;
  const keepWordsFirst = options.keepWordsFirst ?? 0;
  const depth = options.depth ?? 30;
  const maxCachedTexts = options.maxCachedTexts ?? 50_000;
  const timeoutMs = options.timeoutMs ?? 5000;
  if (!(weight >= 0) || !Number.isFinite(weight)) throw new RangeError(`semantic weight must be a finite number >= 0, got ${weight}`);
  if (!(wordsLeadRatio >= 1))
    throw new RangeError(`semantic wordsLeadRatio must be a number >= 1 (Infinity to turn it off), got ${wordsLeadRatio}`);
  if (!Number.isInteger(keepWordsFirst) || keepWordsFirst < 0)
    throw new RangeError(`semantic keepWordsFirst must be a whole number >= 0, got ${keepWordsFirst}`);
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError(`semantic depth must be a whole number >= 1, got ${depth}`);
  const agreement = options.agreement;
  if (
    agreement !== undefined &&
    !(
      Number.isInteger(agreement.wordsDepth) &&
      agreement.wordsDepth >= 1 &&
      Number.isInteger(agreement.meaningDepth) &&
      agreement.meaningDepth >= 1
    )
  ) {
    throw new RangeError(`semantic agreement must have wordsDepth and meaningDepth, whole numbers >= 1, got ${JSON.stringify(agreement)}`);
  }
  if (!(timeoutMs > 0)) throw new RangeError(`semantic timeoutMs must be a number > 0, got ${timeoutMs}`);
  const toolVectors = createVectorCache(embedder, 'tools', maxCachedTexts);
  const queryVectors = createVectorCache(embedder, 'query', Math.min(maxCachedTexts, MAX_CACHED_QUERIES));

  // The last catalogs' vectors as one matrix each, most recent last: a catalog is rebuilt at every
  // assembly (docs/behaviour.md), so they are found by their texts, not by the tool list's identity. `tools` is
  // the last tool list found to have these texts: the same tool objects again (an index searched
  // twice) find the matrix without making their texts (0.9 ms at 10,000 tools); embeddingTextOf is
  // memoized per tool object, so the same objects always have the same texts.
  interface KeptMatrix {
    tools: readonly Tool[];
    readonly texts: readonly string[];
    readonly matrix: VectorMatrix;
  }
  const matrices: KeptMatrix[] = [];
  const keep = (tools: readonly Tool[], texts: readonly string[], matrix: VectorMatrix): VectorMatrix => {
    matrices.push({ tools, texts, matrix });
    // The least recently used go first beyond the budget; the newest always stays.
    let rows = matrices.reduce((sum, entry) => sum + entry.matrix.rows, 0);
    while (matrices.length > 1 && rows > CACHED_MATRIX_ROWS) rows -= matrices.shift()!.matrix.rows;
    return matrix;
  };

  /** The first kept matrix that `matches`, now the most recently used, if there is one. */
  const findKept = (matches: (entry: KeptMatrix) => boolean): KeptMatrix | undefined => {
    const found = matrices.findIndex(matches);
    if (found < 0) return undefined;
    const [entry] = matrices.splice(found, 1);
    matrices.push(entry!);
    return entry!;
  };

  /**
   * The catalog's vectors as a matrix, and which tool each row is (absent: row i is tool i). Waits for
   * tool texts nobody asked for yet; while some are still on their way, the rows are the tools whose
   * vectors have come (a gateway's searches during its warm-up must not wait for the whole catalog).
   */
  const catalogMatrix = async (tools: readonly Tool[]): Promise<{ matrix: VectorMatrix; positions?: number[] }> => {
    const sameObjects = findKept((entry) => sameItems(entry.tools, tools));
    if (sameObjects !== undefined) return { matrix: sameObjects.matrix };
    const texts = tools.map(embeddingTextOf);
    const byTexts = (): VectorMatrix | undefined => {
      // The same catalog's texts are the same strings, so comparing them is fast.
      const kept = findKept((entry) => sameItems(entry.texts, texts));
      if (kept !== undefined) kept.tools = tools;
      return kept?.matrix;
    };
    const kept = byTexts();
    if (kept !== undefined) return { matrix: kept };
    if (texts.some((text) => !toolVectors.has(text))) {
      await toolVectors.vectorsOf(texts);
      // Another search of the same catalog may have built its matrix meanwhile (two first searches).
      const builtMeanwhile = byTexts();
      if (builtMeanwhile !== undefined) return { matrix: builtMeanwhile };
    }
    const positions = texts.flatMap((text, position) => (toolVectors.ready(text) === undefined ? [] : [position]));
    const matrix = matrixOf(positions.map((position) => toolVectors.ready(texts[position]!)!));
    return positions.length === texts.length ? { matrix: keep(tools, texts, matrix) } : { matrix, positions };
  };

  return {
    weight,
    wordsLeadRatio,
    keepWordsFirst,
    agreement: options.agreement,
    depth,
    timeoutMs,
    appliesTo(query) {
      return weight > 0 && (typeof query === 'string' ? analyzeTokens(tokenize(query), new Map()) : query.stems).length > 0;
    },
    reportError(error) {
      options.onError?.(error);
    },
    async rank(tools, query) {
      if (tools.length === 0) return { documents: [], coverage: 1 };
      // The query goes to the embedder first, so that it embeds while the catalog's matrix is found
      // (and, in searchIndexByMeaning, while the words-based ranking is computed).
      const queryVector = queryVectors.vectorsOf([query]);
      // Awaited below unless the catalog's vectors fail first; never an unhandled rejection.
      queryVector.catch(() => undefined);
      const { matrix, positions } = await catalogMatrix(tools);
      const coverage = matrix.rows / tools.length;
      if (matrix.rows === 0) return { documents: [], coverage };
      const [vector] = await queryVector;
      if (vector!.length !== matrix.dimensions) throw mismatchedDimensions(vector!.length, matrix.dimensions);
      const dots = new Float64Array(matrix.rows);
      matrix.dotAll(vector!, dots);
      // 1 + cosine: positive for selectTop, which keeps the best `depth` in one pass and breaks ties by
      // name, then toolset, so the order never depends on the input's; a tool without a vector scores 0.
      const similarities = positions === undefined ? dots : new Float64Array(tools.length);
      for (let row = 0; row < dots.length; row++) similarities[positions?.[row] ?? row] = 1 + dots[row]!;
      return { documents: selectTop(tools, similarities, depth), coverage };
    },
    embedAhead(query) {
      queryVectors.vectorsOf([query]).catch(() => undefined);
    },
    async warm(tools) {
      await toolVectors.vectorsOf(tools.map(embeddingTextOf));
    },
  };
}

/** `vectors` (unit length) as the rows of one matrix; none gives a matrix of no rows. */
function matrixOf(vectors: readonly Float32Array[]): VectorMatrix {
  const matrix = createVectorMatrix(vectors.length, vectors[0]?.length ?? 0);
  vectors.forEach((vector, row) => {
    if (vector.length !== matrix.dimensions) throw mismatchedDimensions(vector.length, matrix.dimensions);
    matrix.setRow(row, vector);
  });
  return matrix;
}

function mismatchedDimensions(left: number, right: number): TypeError {
  return new TypeError(`the embedder returned vectors of ${left} and ${right} dimensions`);
}

/**
 * Rows of the catalog matrices kept, over all catalogs: a process usually searches one catalog at a
 * time (a gateway's sessions share theirs), and 100,000 rows of 512 dimensions take 200 MB.
 */
const CACHED_MATRIX_ROWS = 100_000;
