import type { SearchIndex } from './build-search-index.ts';

/** SPEC.md's BM25 parameters: k1 1.5, b 0.75. */
export const SPEC_BM25_K1 = 1.5;
export const SPEC_BM25_B = 0.75;

/**
 * The BM25 of SPEC.md over raw tokens of name + description + parameter names (one field, no stemming,
 * no stop words), with the always-positive idf ln(1 + (N - df + 0.5) / (df + 0.5)). Dense scores, one
 * slot per document. It guards the ranking: its first tool is never dropped.
 */
export function scoreSpecBm25(index: SearchIndex, queryTokens: readonly string[]): Float64Array {
  const documentCount = index.tools.length;
  const scores = new Float64Array(documentCount);
  const average = index.specAverageLength;
  for (const token of new Set(queryTokens)) {
    const posting = index.specPostings.get(token);
    if (posting === undefined) continue;
    const { documents, frequencies } = posting;
    const idf = Math.log(1 + (documentCount - documents.length + 0.5) / (documents.length + 0.5));
    for (let position = 0; position < documents.length; position++) {
      const document = documents[position]!;
      const frequency = frequencies[position]!;
      const norm = average === 0 ? 1 : 1 - SPEC_BM25_B + (SPEC_BM25_B * index.specLengths[document]!) / average;
      scores[document]! += (idf * frequency * (SPEC_BM25_K1 + 1)) / (frequency + SPEC_BM25_K1 * norm);
    }
  }
  return scores;
}
