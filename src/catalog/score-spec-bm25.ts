import { FIELD_COUNT, type SearchIndex } from './build-search-index.ts';

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
    const tokenId = index.tokenIds.find(token);
    if (tokenId < 0) continue;
    const documentFrequency = index.specDocumentCounts[tokenId]!;
    if (documentFrequency === 0) continue;
    const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    const end = index.specOffsets[tokenId + 1]!;
    let position = index.specOffsets[tokenId]!;
    while (position < end) {
      const document = (index.specEntries[position]! / FIELD_COUNT) | 0;
      let frequency = 0;
      while (position < end && ((index.specEntries[position]! / FIELD_COUNT) | 0) === document) {
        frequency++;
        position++;
      }
      const norm = average === 0 ? 1 : 1 - SPEC_BM25_B + (SPEC_BM25_B * index.specLengths[document]!) / average;
      scores[document]! += (idf * frequency * (SPEC_BM25_K1 + 1)) / (frequency + SPEC_BM25_K1 * norm);
    }
  }
  return scores;
}
