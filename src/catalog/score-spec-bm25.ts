import { FIELD_COUNT, type SearchIndex } from './build-search-index.ts';

/** SPEC.md's BM25 parameters: k1 1.5, b 0.75. */
export const SPEC_BM25_K1 = 1.5;
export const SPEC_BM25_B = 0.75;

/**
 * The BM25 of SPEC.md over raw tokens of name + description + parameter names (one field, no stemming,
 * no stop words), with the always-positive idf ln(1 + (N - df + 0.5) / (df + 0.5)). Dense scores, one
 * slot per document. It guards the ranking: its first tool is never dropped. One scan of the index's
 * occurrence list, which is in document order.
 */
export function scoreSpecBm25(index: SearchIndex, queryTokens: readonly string[]): Float64Array {
  const documentCount = index.tools.length;
  const scores = new Float64Array(documentCount);
  const slots = new Int32Array(index.tokenIds.size).fill(-1);
  let slotCount = 0;
  for (const token of new Set(queryTokens)) {
    const tokenId = index.tokenIds.find(token);
    if (tokenId >= 0) slots[tokenId] = slotCount++;
  }
  if (slotCount === 0) return scores;
  // Per query token: flat [document, frequency, ...] in document order.
  const postings: number[][] = Array.from({ length: slotCount }, () => []);
  const { occurrences } = index;
  for (let position = 0; position < occurrences.length; position += 2) {
    const slot = slots[occurrences[position]!]!;
    if (slot < 0) continue;
    const documentField = occurrences[position + 1]!;
    if (documentField % FIELD_COUNT === FIELD_COUNT - 1) continue;
    const document = (documentField / FIELD_COUNT) | 0;
    const list = postings[slot]!;
    if (list[list.length - 2] === document) list[list.length - 1]!++;
    else list.push(document, 1);
  }
  const average = index.specAverageLength;
  for (const list of postings) {
    const documentFrequency = list.length / 2;
    if (documentFrequency === 0) continue;
    const idf = Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
    for (let position = 0; position < list.length; position += 2) {
      const document = list[position]!;
      const frequency = list[position + 1]!;
      const norm = average === 0 ? 1 : 1 - SPEC_BM25_B + (SPEC_BM25_B * index.specLengths[document]!) / average;
      scores[document]! += (idf * frequency * (SPEC_BM25_K1 + 1)) / (frequency + SPEC_BM25_K1 * norm);
    }
  }
  return scores;
}
