import type { SearchIndex } from '../index/search-index.ts';

/** The plain BM25's parameters, the usual defaults (docs/behaviour.md, rule 23, names no values): k1 1.5, b 0.75. */
export const SPEC_BM25_K1 = 1.5;
export const SPEC_BM25_B = 0.75;

/**
 * The BM25 of docs/behaviour.md over raw tokens of name + description + parameter names (one field, no stemming,
 * no stop words), with the always-positive idf ln(1 + (N - df + 0.5) / (df + 0.5)). Dense scores, one
 * slot per document. It guards the ranking: its first tool is never dropped. Reads the index's token
 * postings (SearchIndex.tokenPostings).
 */
export function scoreSpecBm25(index: SearchIndex, queryTokens: readonly string[]): Float64Array {
  const documentCount = index.tools.length;
  const scores = new Float64Array(documentCount);
  const tokenIds: number[] = [];
  for (const token of new Set(queryTokens)) {
    const tokenId = index.tokenIds.find(token);
    if (tokenId >= 0) tokenIds.push(tokenId);
  }
  if (tokenIds.length === 0) return scores;
  const average = index.specAverageLength;
  for (const pairs of index.tokenPostings(tokenIds)) {
    const documentFrequency = pairs.length / 2;
    if (documentFrequency === 0) continue;
    const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    for (let position = 0; position < pairs.length; position += 2) {
      const document = pairs[position]!;
      const frequency = pairs[position + 1]!;
      const norm = average === 0 ? 1 : 1 - SPEC_BM25_B + (SPEC_BM25_B * index.specLengths[document]!) / average;
      scores[document]! += (idf * frequency * (SPEC_BM25_K1 + 1)) / (frequency + SPEC_BM25_K1 * norm);
    }
  }
  return scores;
}
