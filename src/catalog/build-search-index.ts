import type { Tool } from '../tools/tool.ts';
import { analyzeTokens } from './analyze-tokens.ts';
import { normalizeName } from './normalize-name.ts';
import { parameterNamesOf } from './searchable-text.ts';
import { resolveSearchOptions, type ResolvedSearchOptions, type SearchOptions } from './search-options.ts';
import { tokenize } from './tokenize.ts';

/** Documents holding one term and the term's (weighted) frequency in each, in document order. */
export interface Posting {
  readonly documents: number[];
  readonly frequencies: number[];
}

/**
 * Everything a search needs about one catalog, built in one pass over its tools. Built from scratch for
 * each catalog (SPEC.md: no state between steps); nothing in it changes after the build.
 */
export interface SearchIndex {
  readonly tools: readonly Tool[];
  readonly options: ResolvedSearchOptions;
  /**
   * Stemmed, stop-word-free term -> documents and BM25F pseudo-frequencies: the sum over fields of
   * fieldWeight * frequency / (1 - b + b * fieldLength / averageFieldLength).
   */
  readonly postings: ReadonlyMap<string, Posting>;
  /** The SPEC BM25: raw tokens of name + description + parameter names, one field, unweighted. */
  readonly specPostings: ReadonlyMap<string, Posting>;
  readonly specLengths: Float64Array;
  readonly specAverageLength: number;
  /** Tool name or original name, lower-cased with separators removed -> documents. */
  readonly exactNames: ReadonlyMap<string, number[]>;
}

/** The parts of a tool that are indexed, in field order. */
const FIELD_COUNT = 4;

/**
 * Builds the {@link SearchIndex} of `tools` with `options` (defaults: DEFAULT_SEARCH_OPTIONS). Term
 * frequencies are BM25F-normalised per field: a long description dampens matches in the description,
 * never matches in the name.
 */
export function buildSearchIndex(tools: readonly Tool[], options?: SearchOptions): SearchIndex {
  const resolved = resolveSearchOptions(options);
  const weights = resolved.fieldWeights;
  const fieldWeights = [weights.name, weights.description, weights.parameters, weights.toolset];
  const documentCount = tools.length;
  const specPostings = new Map<string, Posting>();
  const exactNames = new Map<string, number[]>();
  const stems = new Map<string, string>();
  const specLengths = new Float64Array(documentCount);
  const fieldTerms: string[][] = [];
  const fieldLengths = new Float64Array(documentCount * FIELD_COUNT);
  const fieldTotals = new Float64Array(FIELD_COUNT);
  let totalSpecLength = 0;
  for (let document = 0; document < documentCount; document++) {
    const tool = tools[document]!;
    addExactName(exactNames, normalizeName(tool.name), document);
    if (tool.originalName !== undefined) addExactName(exactNames, normalizeName(tool.originalName), document);
    const texts = [tool.name, tool.description, parameterNamesOf(tool).join(' '), tool.toolset];
    let specLength = 0;
    for (let field = 0; field < FIELD_COUNT; field++) {
      const tokens = tokenize(texts[field]!);
      // The SPEC BM25 indexes name + description + parameter names: not the toolset.
      if (field < FIELD_COUNT - 1) {
        for (const token of tokens) addOccurrence(specPostings, token, document, 1);
        specLength += tokens.length;
      }
      const terms = fieldWeights[field]! > 0 ? analyzeTokens(tokens, stems) : [];
      fieldTerms.push(terms);
      fieldLengths[document * FIELD_COUNT + field] = terms.length;
      fieldTotals[field]! += terms.length;
    }
    specLengths[document] = specLength;
    totalSpecLength += specLength;
  }
  const postings = new Map<string, Posting>();
  const { b } = resolved;
  for (let document = 0; document < documentCount; document++) {
    for (let field = 0; field < FIELD_COUNT; field++) {
      const terms = fieldTerms[document * FIELD_COUNT + field]!;
      if (terms.length === 0) continue;
      const average = fieldTotals[field]! / documentCount;
      const length = fieldLengths[document * FIELD_COUNT + field]!;
      const weight = fieldWeights[field]! / (1 - b + (b * length) / average);
      for (const term of terms) addOccurrence(postings, term, document, weight);
    }
  }
  return {
    tools,
    options: resolved,
    postings,
    specPostings,
    specLengths,
    specAverageLength: documentCount === 0 ? 0 : totalSpecLength / documentCount,
    exactNames,
  };
}

/** Counts one occurrence; documents arrive in increasing order, so only the last entry can be this one. */
function addOccurrence(postings: Map<string, Posting>, term: string, document: number, weight: number): void {
  let posting = postings.get(term);
  if (posting === undefined) {
    postings.set(term, { documents: [document], frequencies: [weight] });
    return;
  }
  const last = posting.documents.length - 1;
  if (posting.documents[last] === document) posting.frequencies[last]! += weight;
  else {
    posting.documents.push(document);
    posting.frequencies.push(weight);
  }
}

function addExactName(exactNames: Map<string, number[]>, key: string, document: number): void {
  if (key === '') return;
  const documents = exactNames.get(key);
  if (documents === undefined) exactNames.set(key, [document]);
  else if (documents[documents.length - 1] !== document) documents.push(document);
}
