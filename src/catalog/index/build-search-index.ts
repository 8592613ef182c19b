import type { Tool } from '../../tools/tool.ts';
import { parameterNamesOf } from './searchable-text.ts';
import { resolveSearchOptions, type ResolvedSearchOptions, type SearchOptions } from './search-options.ts';
import { DenseIdMap } from './dense-id-map.ts';
import { growInt32Array } from '../text/grow-int32-array.ts';
import { IntIdTable } from './int-id-table.ts';
import { specTokenPostingsOf } from './spec-token-postings.ts';
import { sharedVocabulary, type SharedVocabulary } from '../text/shared-vocabulary.ts';
import { FIELD_COUNT, REQUESTS_FIELD, type SearchIndex } from './search-index.ts';
import { everyToolHasOwnRequests } from './own-requests.ts';

/** A built index: a {@link SearchIndex}, its lookups by vocabulary id, and the occurrence list it was built from. */
export interface BuiltSearchIndex extends SearchIndex {
  /** The shared vocabulary its texts were read through (a later build may use a newer one). */
  readonly vocabulary: SharedVocabulary;
  /** Vocabulary stem id -> this index's stem id, or -1 when no tool here has it. */
  stemIdOfVocabularyId(vocabularyStemId: number): number;
  /** Vocabulary token id -> this index's token id, or -1 when no tool here has it. */
  tokenIdOfVocabularyId(vocabularyTokenId: number): number;
  /**
   * Every token occurrence in document order, as pairs (token id, document * FIELD_COUNT + field).
   * Token postings are made from it at the first search (spec-token-postings.ts) instead of at the
   * build: building is the frequent operation.
   */
  readonly occurrences: Int32Array;
}

/**
 * Builds the {@link SearchIndex} of `tools` with `options` (defaults: DEFAULT_SEARCH_OPTIONS). Texts
 * are tokenized through the shared vocabulary (each distinct text once, ever: shared-vocabulary.ts), so
 * a build maps vocabulary ids to this index's ids and records each occurrence as two integers; the
 * occurrences are then counting-sorted into flat posting arrays by stem. Few, large allocations: the
 * build runs for every catalog part that changed (search-index-cache.ts).
 */
export function buildSearchIndex(tools: readonly Tool[], options?: SearchOptions): BuiltSearchIndex {
  const resolved = resolveSearchOptions(options);
  // A zero weight leaves the field out of the index entirely: no document frequency, no cost.
  const requestsWeighed = resolved.fieldWeights.requests > 0;
  const documentCount = tools.length;
  const vocabulary = sharedVocabulary();
  // Vocabulary token and stem ids -> this index's (dense, in order of first occurrence here), and back.
  const localTokenIds = new DenseIdMap(Math.min(vocabulary.table.size, documentCount * 64));
  const localStemIds = new DenseIdMap(Math.min(vocabulary.stemIds.size, documentCount * 64));
  const vocabularyTokenOf: number[] = [];
  const vocabularyStemOf: number[] = [];
  // This index's token id -> its stem id, or -1 for a stop word.
  const tokenStems: number[] = [];
  const fieldLengths = new Float64Array(documentCount * FIELD_COUNT);
  const specLengths = new Float64Array(documentCount);
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
    if (stemId === vocabularyStemOf.length) vocabularyStemOf.push(vocabularyStemId);
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
      if (tokenId === tokenStems.length) {
        vocabularyTokenOf.push(vocabularyId);
        tokenStems.push(stemIdOf(vocabularyId));
      }
      occurrences[occurrenceCount * 2] = tokenId;
      occurrences[occurrenceCount * 2 + 1] = documentField;
      occurrenceCount++;
      if (tokenStems[tokenId]! >= 0) fieldLengths[documentField]!++;
    }
  };

  for (let document = 0; document < documentCount; document++) {
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
    documentField++;
    if (requestsWeighed) for (const request of tool.requests ?? []) record(request);
  }

  const stems = groupOccurrences(occurrences, occurrenceCount, vocabularyStemOf.length, tokenStems);
  const stemLookup = compactIdLookup(localStemIds, vocabularyStemOf, vocabulary.stemIds.size);
  const tokenLookup = compactIdLookup(localTokenIds, vocabularyTokenOf, vocabulary.table.size);
  const occurrenceList = occurrences.subarray(0, occurrenceCount * 2);
  const stemViews: (Int32Array | undefined)[] = [];
  return {
    tools,
    options: resolved,
    vocabulary,
    stemIdOfVocabularyId: (vocabularyStemId) => stemLookup.get(vocabularyStemId),
    tokenIdOfVocabularyId: (vocabularyTokenId) => tokenLookup.get(vocabularyTokenId),
    stemIds: {
      get: (stem) => {
        const stemId = stemLookup.get(vocabulary.stemIds.get(stem) ?? -1);
        return stemId < 0 ? undefined : stemId;
      },
    },
    stemDocumentCounts: stems.documentCounts,
    stemNameDocumentCounts: stems.nameDocumentCounts,
    // One view per stem, made when first read: a search reads a few dozen stems, each many times.
    stemEntries: (stemId) => (stemViews[stemId] ??= stems.entries.subarray(stems.offsets[stemId]!, stems.offsets[stemId + 1]!)),
    fieldFactors: computeFieldFactors(fieldLengths, documentCount, resolved, requestsWeightOf(tools, resolved)),
    fieldLengths,
    tokenIds: { find: (token) => tokenLookup.get(vocabulary.table.find(token)) },
    tokenPostings: (tokenIds) => specTokenPostingsOf(occurrenceList, vocabularyTokenOf.length, tokenIds),
    occurrences: occurrenceList,
    specLengths,
    specAverageLength: documentCount === 0 ? 0 : specLengths.reduce((sum, length) => sum + length, 0) / documentCount,
  };
}

/**
 * The lookup of a build's dense ids by vocabulary id: the build's DenseIdMap when the index uses a
 * good part of the vocabulary, else a table of just its ids (IntIdTable), so that a small index (a
 * catalog part, search-index-cache.ts) does not hold an array as large as the whole vocabulary.
 */
function compactIdLookup(dense: DenseIdMap, vocabularyIdOf: readonly number[], vocabularySize: number): { get(id: number): number } {
  return vocabularyIdOf.length * 8 >= vocabularySize ? dense : new IntIdTable(vocabularyIdOf);
}

/** Postings of one kind of key, compressed-sparse-row. */
interface GroupedOccurrences {
  readonly offsets: Int32Array;
  readonly entries: Int32Array;
  readonly documentCounts: Int32Array;
  readonly nameDocumentCounts: Int32Array;
}

/**
 * Counting-sorts the occurrence pairs by the stem of their token (skipping stop words, stem -1), keeping
 * document order within a stem, and counts distinct documents per stem, in all and by their name.
 */
function groupOccurrences(
  occurrences: Int32Array,
  occurrenceCount: number,
  stemCount: number,
  tokenStems: readonly number[],
): GroupedOccurrences {
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

/**
 * The requests field's weight for a catalog: FieldWeights.ownRequests when every tool but core ones
 * has requests of its own (none without, none given them by balanceRequests), else
 * FieldWeights.requests. A field weight of 0 turns the field off either way.
 */
export function requestsWeightOf(tools: readonly Tool[], options: ResolvedSearchOptions): number {
  const { requests, ownRequests } = options.fieldWeights;
  if (requests === 0) return 0;
  return everyToolHasOwnRequests(tools) ? ownRequests : requests;
}

/** Per occurrence slot (document * FIELD_COUNT + field), its BM25F factor given every document's field lengths. */
export function computeFieldFactors(
  fieldLengths: Float64Array,
  documentCount: number,
  options: ResolvedSearchOptions,
  requestsWeight: number = options.fieldWeights.requests,
): Float64Array {
  const { fieldWeights, b } = options;
  const weights = [fieldWeights.name, fieldWeights.description, fieldWeights.parameters, fieldWeights.toolset, requestsWeight];
  const averages = new Float64Array(FIELD_COUNT);
  // Requests are averaged over the tools that have some: in a session where a few servers have requests,
  // the many without must not make every request field look long.
  let documentsWithRequests = 0;
  for (let position = 0; position < fieldLengths.length; position++) {
    averages[position % FIELD_COUNT]! += fieldLengths[position]!;
    if (position % FIELD_COUNT === REQUESTS_FIELD && fieldLengths[position]! > 0) documentsWithRequests++;
  }
  for (let field = 0; field < FIELD_COUNT; field++) {
    const documents = field === REQUESTS_FIELD ? documentsWithRequests : documentCount;
    averages[field] = documents === 0 ? 0 : averages[field]! / documents;
  }
  const factors = new Float64Array(fieldLengths.length);
  for (let position = 0; position < fieldLengths.length; position++) {
    const field = position % FIELD_COUNT;
    const average = averages[field]!;
    const relative = average === 0 ? 1 : fieldLengths[position]! / average;
    factors[position] = weights[field]! / (1 - b + b * relative);
  }
  return factors;
}
