import type { Tool } from '../../tools/tool.ts';
import { computeFieldFactors, requestsWeightOf, type BuiltSearchIndex } from './build-search-index.ts';
import { FIELD_COUNT, type SearchIndex } from './search-index.ts';
import type { SharedVocabulary } from '../text/shared-vocabulary.ts';
import type { ResolvedSearchOptions } from './search-options.ts';

/** One part of a composed catalog: the index of its tools, and the catalog position of its first tool. */
export interface IndexPart {
  readonly index: BuiltSearchIndex;
  readonly firstDocument: number;
}

/** A raw token of a composed index: which parts have it, and its merged postings once asked for. */
interface ComposedToken {
  readonly parts: readonly { readonly part: number; readonly tokenId: number }[];
  pairs?: Int32Array;
}

/**
 * Words a composed index remembers as absent from every part, at most: a stream of made-up words
 * must not grow a kept index without bound (words that are present are bounded by the catalog).
 */
const MAXIMUM_REMEMBERED_ABSENT_WORDS = 10_000;

/**
 * The {@link SearchIndex} of `tools` made of the indexes of consecutive runs of them (`parts`, in
 * catalog order, covering every tool once), searched exactly as one index built over all of `tools`
 * would be: the per-document arrays are the parts' side by side, the field averages and the plain
 * BM25's average length are taken over the whole catalog (sums of integers, so equal to a single
 * build's to the last bit), and a stem's or token's postings are the parts' in catalog order, their
 * documents moved by the part's first position (so still in document order).
 *
 * Postings are merged when a search first asks for a stem or token and kept with the index, so the
 * work of composing is the per-document arrays (one copy) plus, per word searched, its postings: a
 * changed part costs its own build, not the catalog's (search-index-cache.ts).
 */
export function composeSearchIndex(tools: readonly Tool[], options: ResolvedSearchOptions, parts: readonly IndexPart[]): SearchIndex {
  const documentCount = tools.length;
  const fieldLengths = new Float64Array(documentCount * FIELD_COUNT);
  const specLengths = new Float64Array(documentCount);
  for (const { index, firstDocument } of parts) {
    fieldLengths.set(index.fieldLengths, firstDocument * FIELD_COUNT);
    specLengths.set(index.specLengths, firstDocument);
  }

  // Composed stem id -> its merged entries and document counts; stem -> composed id, -1 when absent.
  const stemIdOf = new Map<string, number>();
  let absentStems = 0;
  const stemEntries: Int32Array[] = [];
  const stemDocumentCounts: number[] = [];
  const stemNameDocumentCounts: number[] = [];
  const mergeStem = (stem: string): number => {
    const found: { entries: Int32Array; shift: number }[] = [];
    let documents = 0;
    let namedDocuments = 0;
    let size = 0;
    const vocabularyIdOf = lookupPerVocabulary((vocabulary) => vocabulary.stemIds.get(stem) ?? -1);
    for (const { index, firstDocument } of parts) {
      const stemId = index.stemIdOfVocabularyId(vocabularyIdOf(index.vocabulary));
      if (stemId < 0) continue;
      documents += index.stemDocumentCounts[stemId]!;
      namedDocuments += index.stemNameDocumentCounts[stemId]!;
      const entries = index.stemEntries(stemId);
      found.push({ entries, shift: firstDocument * FIELD_COUNT });
      size += entries.length;
    }
    if (documents === 0) return -1;
    const merged = new Int32Array(size);
    let written = 0;
    for (const { entries, shift } of found) {
      for (let position = 0; position < entries.length; position++) merged[written++] = entries[position]! + shift;
    }
    stemEntries.push(merged);
    stemDocumentCounts.push(documents);
    stemNameDocumentCounts.push(namedDocuments);
    return stemEntries.length - 1;
  };

  const tokenIdOf = new Map<string, number>();
  const tokens: ComposedToken[] = [];
  let absentTokens = 0;
  const findToken = (token: string): number => {
    const known = tokenIdOf.get(token);
    if (known !== undefined) return known;
    const found: { part: number; tokenId: number }[] = [];
    const vocabularyIdOf = lookupPerVocabulary((vocabulary) => vocabulary.table.find(token));
    for (let part = 0; part < parts.length; part++) {
      const { index } = parts[part]!;
      const tokenId = index.tokenIdOfVocabularyId(vocabularyIdOf(index.vocabulary));
      if (tokenId >= 0) found.push({ part, tokenId });
    }
    const tokenId = found.length === 0 ? -1 : tokens.push({ parts: found }) - 1;
    if (tokenId >= 0 || absentTokens++ < MAXIMUM_REMEMBERED_ABSENT_WORDS) tokenIdOf.set(token, tokenId);
    return tokenId;
  };
  const tokenPostings = (tokenIds: readonly number[]): Int32Array[] =>
    tokenIds.map((tokenId) => {
      const token = tokens[tokenId]!;
      return (token.pairs ??= mergeToken(token, parts));
    });

  return {
    tools,
    options,
    stemIds: {
      get: (stem) => {
        let stemId = stemIdOf.get(stem);
        if (stemId === undefined) {
          stemId = mergeStem(stem);
          if (stemId >= 0 || absentStems++ < MAXIMUM_REMEMBERED_ABSENT_WORDS) stemIdOf.set(stem, stemId);
        }
        return stemId < 0 ? undefined : stemId;
      },
    },
    stemDocumentCounts,
    stemNameDocumentCounts,
    stemEntries: (stemId) => stemEntries[stemId]!,
    fieldFactors: computeFieldFactors(fieldLengths, documentCount, options, requestsWeightOf(tools, options)),
    fieldLengths,
    tokenIds: { find: findToken },
    tokenPostings,
    specLengths,
    specAverageLength: documentCount === 0 ? 0 : specLengths.reduce((sum, length) => sum + length, 0) / documentCount,
  };
}

/**
 * A word's vocabulary id in the vocabulary of each part, looked up once per vocabulary: parts are
 * almost always on one vocabulary, but a part built after a full vocabulary was replaced is on another.
 */
function lookupPerVocabulary(lookup: (vocabulary: SharedVocabulary) => number): (vocabulary: SharedVocabulary) => number {
  let last: SharedVocabulary | undefined;
  let lastId = -1;
  return (vocabulary) => {
    if (vocabulary !== last) {
      last = vocabulary;
      lastId = lookup(vocabulary);
    }
    return lastId;
  };
}

/**
 * The merged (document, count) pairs of `token`: its parts' in catalog order, documents moved by the
 * part's first position.
 */
function mergeToken(token: ComposedToken, parts: readonly IndexPart[]): Int32Array {
  const found = token.parts.map(({ part, tokenId }) => ({
    pairs: parts[part]!.index.tokenPostings([tokenId])[0]!,
    shift: parts[part]!.firstDocument,
  }));
  const merged = new Int32Array(found.reduce((size, { pairs }) => size + pairs.length, 0));
  let written = 0;
  for (const { pairs, shift } of found) {
    for (let position = 0; position < pairs.length; position += 2) {
      merged[written++] = pairs[position]! + shift;
      merged[written++] = pairs[position + 1]!;
    }
  }
  return merged;
}
