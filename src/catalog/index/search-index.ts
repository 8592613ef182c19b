import type { Tool } from '../../tools/tool.ts';
import type { ResolvedSearchOptions } from './search-options.ts';

/** The indexed parts of a tool, in this order: name, description, parameter names, toolset, requests. */
export const FIELD_COUNT = 5;
/** The field of the tool's name; `document * FIELD_COUNT + NAME_FIELD` is its slot. */
export const NAME_FIELD = 0;
/** The toolset field: ranked, but not part of the SPEC BM25's text. */
export const TOOLSET_FIELD = 3;
/** The requests field (Tool.requests): ranked, but not part of the SPEC BM25's text. */
export const REQUESTS_FIELD = 4;

/** Whether a field is one the SPEC BM25 reads (name, description, parameter names; docs/behaviour.md). */
export function isSpecField(field: number): boolean {
  return field < TOOLSET_FIELD;
}

/**
 * Everything a search needs about one catalog, read through lookups and accessors so that one index can
 * be built in one pass (buildSearchIndex) or composed of the kept indexes of its parts
 * (composeSearchIndex); nothing in it changes after it is made, except memos a lookup fills. Documents
 * are the catalog's positions; stem and token ids are the index's own.
 */
export interface SearchIndex {
  readonly tools: readonly Tool[];
  readonly options: ResolvedSearchOptions;
  /** Stem -> this index's stem id; undefined when no tool of the catalog has it. Stop words have none. */
  readonly stemIds: StemLookup;
  /** Stem id -> number of documents that contain it (valid for ids {@link stemIds} gave). */
  readonly stemDocumentCounts: ArrayLike<number>;
  /** Stem id -> number of documents that contain it in their name. */
  readonly stemNameDocumentCounts: ArrayLike<number>;
  /**
   * The stem's occurrences, each `document * FIELD_COUNT + field`, in document order (a document's
   * occurrences together).
   */
  stemEntries(stemId: number): Int32Array;
  /**
   * document * FIELD_COUNT + field -> the BM25F factor of one occurrence there:
   * fieldWeight / (1 - b + b * fieldLength / averageFieldLength).
   */
  readonly fieldFactors: Float64Array;
  /** document * FIELD_COUNT + field -> number of index terms (stop words excluded) there. */
  readonly fieldLengths: Float64Array;
  /** Raw token -> token id, -1 when no tool has it in any field, for the SPEC BM25 (which neither stems nor drops stop words). */
  readonly tokenIds: TokenLookup;
  /**
   * Per token id asked (ids {@link tokenIds} gave), the documents that have it in their name, description
   * or parameter names (not the toolset or requests), as pairs (document, count there) in document order.
   */
  tokenPostings(tokenIds: readonly number[]): Int32Array[];
  /** Per document: tokens in name + description + parameter names (the SPEC BM25's length). */
  readonly specLengths: Float64Array;
  readonly specAverageLength: number;
}

/** The stems of one index, looked up by the stem itself. */
export interface StemLookup {
  /** This index's id of `stem`, or undefined when no tool of the catalog has it. */
  get(stem: string): number | undefined;
}

/** The raw tokens of one index, looked up by the token itself. */
export interface TokenLookup {
  /** This index's id of `token`, or -1 when no tool of the catalog has it. */
  find(token: string): number;
}
