import type { Tool } from '../tools/tool.ts';
import { parameterNamesOf } from './searchable-text.ts';
import { resolveSearchOptions, type ResolvedSearchOptions, type SearchOptions } from './search-options.ts';
import { DenseIdMap } from './dense-id-map.ts';
import { deriveStemPostings } from './derive-stem-postings.ts';
import { growInt32Array } from './grow-int32-array.ts';
import { sharedVocabulary, type SharedVocabulary } from './shared-vocabulary.ts';

/** The indexed parts of a tool, in this order: name, description, parameter names, toolset. */
export const FIELD_COUNT = 4;
/** Fields 0 to 2 (not the toolset) make the SPEC BM25's single field. */
const SPEC_FIELD_COUNT = 3;

/**
 * Everything a search needs about one catalog, built in one pass over its tools' tokens. Built from
 * scratch for each catalog (docs/behaviour.md: no state between steps); nothing in it changes after the build.
 * Postings are compressed-sparse-row: the entries of key k are entries[offsets[k] .. offsets[k + 1]),
 * each `document * FIELD_COUNT + field` for one occurrence, in document order.
 */
export interface SearchIndex {
  readonly tools: readonly Tool[];
  readonly options: ResolvedSearchOptions;
  /** Stem -> stem id (dense, in order of first occurrence in this catalog). Stop words have none. */
  readonly stemIds: StemLookup;
  readonly stemOffsets: Int32Array;
  readonly stemEntries: Int32Array;
  /** Stem id -> number of documents that contain it. */
  readonly stemDocumentCounts: Int32Array;
  /** Stem id -> number of documents that contain it in their name. */
  readonly stemNameDocumentCounts: Int32Array;
  /**
   * document * FIELD_COUNT + field -> the BM25F factor of one occurrence there:
   * fieldWeight / (1 - b + b * fieldLength / averageFieldLength).
   */
  readonly fieldFactors: Float64Array;
  /** document * FIELD_COUNT + field -> number of index terms (stop words excluded) there. */
  readonly fieldLengths: Float64Array;
  /** Raw token -> token id (-1 when not in this catalog), for the SPEC BM25 (which neither stems nor drops stop words). */
  readonly tokenIds: { readonly size: number; find(token: string): number };
  /**
   * Every token occurrence in document order, as pairs (token id, document * FIELD_COUNT + field). The
   * SPEC BM25 scans it at query time instead of keeping a second inverted index: building is the
   * frequent operation, and one linear scan of integers per query is cheap.
   */
  readonly occurrences: Int32Array;
  /** Per document: tokens in name + description + parameter names (the SPEC BM25's length). */
  readonly specLengths: Float64Array;
  readonly specAverageLength: number;
  /** What {@link deriveSearchIndex} reuses of this index: its id maps and where each document's occurrences are. */
  readonly reuse: ReusableBuild;
}

/**
 * The parts of a build that a later index of a similar catalog can start from. The id maps are copied
 * before a derived index adds to them, so no index ever changes after its build.
 */
export interface ReusableBuild {
  /** The shared vocabulary the ids below refer to; a derived index needs the same one. */
  readonly vocabulary: SharedVocabulary;
  readonly localTokenIds: DenseIdMap;
  readonly localStemIds: DenseIdMap;
  /** This index's token id -> its stem id, or -1 for a stop word. */
  readonly tokenStems: readonly number[];
  /** Stem id -> stem. */
  readonly stemTerms: readonly string[];
  /** Document -> the first of its occurrence pairs; one more entry, the end of the last. */
  readonly documentStarts: Int32Array;
  /** Tokens that occur in this catalog; fewer than the token map's size when ids of removed tools were kept. */
  readonly liveTokenCount: number;
}

/**
 * Builds the {@link SearchIndex} of `tools` with `options` (defaults: DEFAULT_SEARCH_OPTIONS). Texts
 * are tokenized through the shared vocabulary (each distinct text once, ever: shared-vocabulary.ts), so
 * a build maps vocabulary ids to this index's ids and records each occurrence as two integers; the
 * occurrences are then counting-sorted into flat posting arrays by stem. Few, large allocations: the
 * build runs at every assembly.
 */
export function buildSearchIndex(tools: readonly Tool[], options?: SearchOptions): SearchIndex {
  return assembleIndex(tools, resolveSearchOptions(options));
}

/**
 * The index of `tools` made from `base`, the kept index of a similar catalog (same options): a tool
 * whose content (name, description, parameter names, toolset) some base document has is copied from
 * that document's occurrences instead of being read again; only the others' texts are looked up. The
 * result is what {@link buildSearchIndex} would give, up to the numbering of tokens and stems (ids of
 * the base's removed tools stay, unused, and every lookup treats them as absent), so every search
 * ranks and scores exactly the same (a property test compares them).
 *
 * `baseDocumentOf[position]` is the base document with the content of `tools[position]`, or -1. Falls
 * back to a fresh build when the shared vocabulary was replaced since the base was built, or when
 * unused ids would outnumber the used ones (a long chain of derivations from a shrinking catalog).
 */
export function deriveSearchIndex(base: SearchIndex, tools: readonly Tool[], baseDocumentOf: Int32Array): SearchIndex {
  const { reuse } = base;
  if (reuse.vocabulary !== sharedVocabulary() || reuse.localTokenIds.size > 2 * reuse.liveTokenCount) return assembleIndex(tools, base.options);
  return assembleIndex(tools, base.options, { base, baseDocumentOf });
}

/** A build's starting point when it derives from a kept index. */
interface Derivation {
  readonly base: SearchIndex;
  readonly baseDocumentOf: Int32Array;
}

function assembleIndex(tools: readonly Tool[], resolved: ResolvedSearchOptions, derivation?: Derivation): SearchIndex {
  const documentCount = tools.length;
  const start = derivation?.base.reuse;
  const vocabulary = start?.vocabulary ?? sharedVocabulary();
  // Vocabulary token and stem ids -> this index's (dense, in order of first occurrence here, after the base's).
  const localTokenIds = start?.localTokenIds.clone() ?? new DenseIdMap(vocabulary.table.size);
  const localStemIds = start?.localStemIds.clone() ?? new DenseIdMap(vocabulary.stemIds.size);
  // This index's token id -> its stem id, or -1 for a stop word; stem id -> stem.
  const tokenStems: number[] = start === undefined ? [] : [...start.tokenStems];
  const stemTerms: string[] = start === undefined ? [] : [...start.stemTerms];
  const fieldLengths = new Float64Array(documentCount * FIELD_COUNT);
  const specLengths = new Float64Array(documentCount);
  const documentStarts = new Int32Array(documentCount + 1);
  // Occurrences as pairs (token id, document * FIELD_COUNT + field).
  let occurrences = new Int32Array(Math.max(1024, documentCount * 64));
  let occurrenceCount = 0;
  let documentField = 0;

  const reserve = (count: number): void => {
    if (occurrenceCount + count > occurrences.length / 2) occurrences = growInt32Array(occurrences, (occurrenceCount + count) * 2);
  };

  const stemIdOf = (vocabularyId: number): number => {
    const vocabularyStemId = vocabulary.tokenStems[vocabularyId]!;
    if (vocabularyStemId < 0) return -1;
    const stemId = localStemIds.add(vocabularyStemId);
    if (stemId === stemTerms.length) stemTerms.push(vocabulary.terms[vocabularyId]!);
    return stemId;
  };

  const record = (text: string): void => {
    const span = vocabulary.spanOf(text);
    const spans = vocabulary.spans;
    const count = spans[span]!;
    reserve(count);
    for (let position = span + 1; position <= span + count; position++) {
      const vocabularyId = spans[position]!;
      const tokenId = localTokenIds.add(vocabularyId);
      if (tokenId === tokenStems.length) tokenStems.push(stemIdOf(vocabularyId));
      occurrences[occurrenceCount * 2] = tokenId;
      occurrences[occurrenceCount * 2 + 1] = documentField;
      occurrenceCount++;
      if (tokenStems[tokenId]! >= 0) fieldLengths[documentField]!++;
    }
  };

  // A base document's occurrences, renumbered to `document`: its token ids are valid here, since the
  // id maps above start as copies of the base's.
  const copy = (base: SearchIndex, from: number, document: number): void => {
    const first = base.reuse.documentStarts[from]!;
    const end = base.reuse.documentStarts[from + 1]!;
    reserve(end - first);
    const source = base.occurrences;
    const shift = (document - from) * FIELD_COUNT;
    for (let position = first; position < end; position++) {
      occurrences[occurrenceCount * 2] = source[position * 2]!;
      occurrences[occurrenceCount * 2 + 1] = source[position * 2 + 1]! + shift;
      occurrenceCount++;
    }
    for (let field = 0; field < FIELD_COUNT; field++) fieldLengths[document * FIELD_COUNT + field] = base.fieldLengths[from * FIELD_COUNT + field]!;
    specLengths[document] = base.specLengths[from]!;
  };

  for (let document = 0; document < documentCount; document++) {
    documentStarts[document] = occurrenceCount;
    const from = derivation === undefined ? -1 : derivation.baseDocumentOf[document]!;
    if (from >= 0) {
      copy(derivation!.base, from, document);
      continue;
    }
    const tool = tools[document]!;
    const first = occurrenceCount;
    documentField = document * FIELD_COUNT;
    record(tool.name);
    documentField++;
    record(tool.description);
    documentField++;
    for (const name of parameterNamesOf(tool)) record(name);
    specLengths[document] = occurrenceCount - first;
    documentField++;
    record(tool.toolset);
  }
  documentStarts[documentCount] = occurrenceCount;

  // Ids kept from a base may name tokens and stems no tool here has: lookups must treat them as absent.
  const tokenOccurrences = derivation === undefined ? undefined : countTokens(occurrences, occurrenceCount, localTokenIds.size);
  const liveTokenCount = tokenOccurrences === undefined ? localTokenIds.size : tokenOccurrences.reduce((live, count) => live + (count > 0 ? 1 : 0), 0);
  const tokenIds = {
    size: localTokenIds.size,
    find: (token: string): number => {
      const tokenId = localTokenIds.get(vocabulary.table.find(token));
      return tokenId >= 0 && tokenOccurrences !== undefined && tokenOccurrences[tokenId] === 0 ? -1 : tokenId;
    },
  };
  const stems =
    (derivation === undefined
      ? undefined
      : deriveStemPostings(derivation.base, { baseDocumentOf: derivation.baseDocumentOf, occurrences, documentStarts, stemCount: stemTerms.length, tokenStems })) ??
    groupOccurrences(occurrences, occurrenceCount, stemTerms.length, tokenStems);
  const stemIds: StemLookup = {
    size: stemTerms.length,
    terms: stemTerms,
    get: (stem: string): number | undefined => {
      const stemId = localStemIds.get(vocabulary.stemIds.get(stem) ?? -1);
      return stemId < 0 || stems.documentCounts[stemId] === 0 ? undefined : stemId;
    },
  };

  return {
    tools,
    options: resolved,
    stemIds,
    stemOffsets: stems.offsets,
    stemEntries: stems.entries,
    stemDocumentCounts: stems.documentCounts,
    stemNameDocumentCounts: stems.nameDocumentCounts,
    fieldFactors: computeFieldFactors(fieldLengths, documentCount, resolved),
    fieldLengths,
    tokenIds,
    occurrences: occurrences.subarray(0, occurrenceCount * 2),
    specLengths,
    specAverageLength: documentCount === 0 ? 0 : specLengths.reduce((sum, length) => sum + length, 0) / documentCount,
    reuse: { vocabulary, localTokenIds, localStemIds, tokenStems, stemTerms, documentStarts, liveTokenCount },
  };
}

/** Occurrences per token id. */
function countTokens(occurrences: Int32Array, occurrenceCount: number, tokenCount: number): Int32Array {
  const counts = new Int32Array(tokenCount);
  for (let occurrence = 0; occurrence < occurrenceCount; occurrence++) counts[occurrences[occurrence * 2]!]!++;
  return counts;
}

/** The stems of one index: looked up through the shared vocabulary, so a build makes no map of its own. */
export interface StemLookup {
  /** This index's id of `stem`, or undefined when no tool of the catalog has it. */
  get(stem: string): number | undefined;
  readonly size: number;
  /** Stem id -> stem. */
  readonly terms: readonly string[];
}

/** Postings of one kind of key, compressed-sparse-row. */
export interface GroupedOccurrences {
  readonly offsets: Int32Array;
  readonly entries: Int32Array;
  readonly documentCounts: Int32Array;
  readonly nameDocumentCounts: Int32Array;
}

/**
 * Counting-sorts the occurrence pairs by the stem of their token (skipping stop words, stem -1), keeping
 * document order within a stem, and counts distinct documents per stem, in all and by their name.
 */
function groupOccurrences(occurrences: Int32Array, occurrenceCount: number, stemCount: number, tokenStems: readonly number[]): GroupedOccurrences {
  const offsets = new Int32Array(stemCount + 1);
  for (let occurrence = 0; occurrence < occurrenceCount; occurrence++) {
    const stemId = tokenStems[occurrences[occurrence * 2]!]!;
    if (stemId >= 0) offsets[stemId + 1]!++;
  }
  for (let stemId = 0; stemId < stemCount; stemId++) offsets[stemId + 1]! += offsets[stemId]!;
  const entries = new Int32Array(offsets[stemCount]!);
  const cursors = offsets.slice(0, stemCount);
  const documentCounts = new Int32Array(stemCount);
  const nameDocumentCounts = new Int32Array(stemCount);
  const lastDocument = new Int32Array(stemCount).fill(-1);
  const lastNameDocument = new Int32Array(stemCount).fill(-1);
  for (let occurrence = 0; occurrence < occurrenceCount; occurrence++) {
    const stemId = tokenStems[occurrences[occurrence * 2]!]!;
    if (stemId < 0) continue;
    const documentField = occurrences[occurrence * 2 + 1]!;
    entries[cursors[stemId]!++] = documentField;
    const document = (documentField / FIELD_COUNT) | 0;
    if (lastDocument[stemId] !== document) {
      lastDocument[stemId] = document;
      documentCounts[stemId]!++;
    }
    if (documentField % FIELD_COUNT === 0 && lastNameDocument[stemId] !== document) {
      lastNameDocument[stemId] = document;
      nameDocumentCounts[stemId]!++;
    }
  }
  return { offsets, entries, documentCounts, nameDocumentCounts };
}

function computeFieldFactors(fieldLengths: Float64Array, documentCount: number, options: ResolvedSearchOptions): Float64Array {
  const { fieldWeights, b } = options;
  const weights = [fieldWeights.name, fieldWeights.description, fieldWeights.parameters, fieldWeights.toolset];
  const averages = new Float64Array(FIELD_COUNT);
  for (let position = 0; position < fieldLengths.length; position++) averages[position % FIELD_COUNT]! += fieldLengths[position]!;
  for (let field = 0; field < FIELD_COUNT; field++) averages[field] = documentCount === 0 ? 0 : averages[field]! / documentCount;
  const factors = new Float64Array(fieldLengths.length);
  for (let position = 0; position < fieldLengths.length; position++) {
    const field = position % FIELD_COUNT;
    const average = averages[field]!;
    const relative = average === 0 ? 1 : fieldLengths[position]! / average;
    factors[position] = weights[field]! / (1 - b + b * relative);
  }
  return factors;
}
