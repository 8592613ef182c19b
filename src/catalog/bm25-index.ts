import type { Tool } from '../tools/tool.ts';
import { searchableTextOf } from './searchable-text.ts';
import { tokenize } from './tokenize.ts';

/** BM25 parameters. */
export interface Bm25Parameters {
  /** Term-frequency saturation. @default 1.5 */
  readonly k1: number;
  /** Length normalisation, 0 (none) to 1 (full). @default 0.75 */
  readonly b: number;
}

export const DEFAULT_BM25_PARAMETERS: Bm25Parameters = Object.freeze({ k1: 1.5, b: 0.75 });

/**
 * An inverted index over a fixed list of tools. Built from scratch for each catalog (SPEC.md: no state
 * between steps), so building must stay cheap: one pass over the tokens, flat arrays.
 */
export interface Bm25Index {
  readonly tools: readonly Tool[];
  /** term -> flat [documentIndex, termFrequency, documentIndex, termFrequency, ...] */
  readonly postings: ReadonlyMap<string, readonly number[]>;
  readonly documentLengths: readonly number[];
  readonly averageLength: number;
}

export function buildBm25Index(tools: readonly Tool[]): Bm25Index {
  const postings = new Map<string, number[]>();
  const documentLengths: number[] = [];
  let totalLength = 0;
  tools.forEach((tool, documentIndex) => {
    const tokens = tokenize(searchableTextOf(tool));
    documentLengths.push(tokens.length);
    totalLength += tokens.length;
    const frequencies = new Map<string, number>();
    for (const token of tokens) frequencies.set(token, (frequencies.get(token) ?? 0) + 1);
    for (const [term, frequency] of frequencies) {
      let list = postings.get(term);
      if (list === undefined) postings.set(term, (list = []));
      list.push(documentIndex, frequency);
    }
  });
  const averageLength = tools.length === 0 ? 0 : totalLength / tools.length;
  return { tools, postings, documentLengths, averageLength };
}

/**
 * BM25 score of every document that shares a term with the query, as a sparse map
 * documentIndex -> score. The idf is the always-positive form ln(1 + (N - df + 0.5) / (df + 0.5)),
 * so a term that every tool contains still scores a little instead of zero or below.
 */
export function scoreBm25(
  index: Bm25Index,
  queryTerms: readonly string[],
  parameters: Bm25Parameters = DEFAULT_BM25_PARAMETERS,
): Map<number, number> {
  const scores = new Map<number, number>();
  const documentCount = index.tools.length;
  const { k1, b } = parameters;
  for (const term of new Set(queryTerms)) {
    const list = index.postings.get(term);
    if (list === undefined) continue;
    const documentFrequency = list.length / 2;
    const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    for (let position = 0; position < list.length; position += 2) {
      const documentIndex = list[position]!;
      const frequency = list[position + 1]!;
      const length = index.documentLengths[documentIndex]!;
      const norm = index.averageLength === 0 ? 1 : 1 - b + (b * length) / index.averageLength;
      const termScore = (idf * frequency * (k1 + 1)) / (frequency + k1 * norm);
      scores.set(documentIndex, (scores.get(documentIndex) ?? 0) + termScore);
    }
  }
  return scores;
}
