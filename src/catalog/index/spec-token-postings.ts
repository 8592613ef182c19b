import { FIELD_COUNT, isSpecField } from './search-index.ts';

/**
 * The SPEC BM25's inverted index of one search index: per raw token, the documents that have it in
 * their name, description or parameter names (not the toolset), with its count there. Compressed-sparse-
 * row: the pairs of token t are at pairs[2 * offsets[t] .. 2 * offsets[t + 1]), each (document,
 * frequency), in document order.
 */
export interface SpecTokenPostings {
  readonly offsets: Int32Array;
  readonly pairs: Int32Array;
}

/**
 * Made at the first search of an index and kept with it (keyed on its occurrence list, which no index
 * ever changes and which an index rebound to other tool objects of the same content shares), so a build
 * that no search reads pays nothing for it, and the searches of a kept index (search-index-cache.ts) do
 * not scan every occurrence again. Weakly held: it goes with its index.
 */
const postingsByOccurrences = new WeakMap<Int32Array, SpecTokenPostings>();

/** Occurrence lists searched once and not yet grouped: their second search groups them. */
const searchedOnce = new WeakSet<Int32Array>();

/**
 * Per token id of `tokenIds`, its (document, count) pairs in the index whose occurrence list (pairs of
 * token id, document * FIELD_COUNT + field) is `occurrences`. An index's first search reads the
 * postings of its few query tokens off one pass over the occurrences, which costs a fraction of
 * grouping them all; from its second search on, the grouped postings are made once and kept. So an
 * index searched once (a one-shot search) never pays for the grouping.
 */
export function specTokenPostingsOf(occurrences: Int32Array, tokenCount: number, tokenIds: readonly number[]): Int32Array[] {
  const { offsets, pairs } = postingsOf(occurrences, tokenCount, tokenIds);
  return tokenIds.map((tokenId) => pairs.subarray(offsets[tokenId]! * 2, offsets[tokenId + 1]! * 2));
}

function postingsOf(occurrences: Int32Array, tokenCount: number, tokenIds: readonly number[]): SpecTokenPostings {
  let postings = postingsByOccurrences.get(occurrences);
  if (postings !== undefined) return postings;
  if (!searchedOnce.has(occurrences)) {
    searchedOnce.add(occurrences);
    return scanTokens(occurrences, tokenCount, tokenIds);
  }
  postings = groupByToken(occurrences, tokenCount);
  postingsByOccurrences.set(occurrences, postings);
  return postings;
}

/**
 * The postings of `tokenIds` only, in the shape of {@link groupByToken}'s (offsets over every token;
 * the others empty), from one pass over the occurrences.
 */
function scanTokens(occurrences: Int32Array, tokenCount: number, tokenIds: readonly number[]): SpecTokenPostings {
  const slots = new Map<number, number>();
  for (const tokenId of tokenIds) if (!slots.has(tokenId)) slots.set(tokenId, slots.size);
  // Token id -> its slot, or -1: a typed array read per occurrence, not a map lookup.
  const slotOf = new Int32Array(tokenCount).fill(-1);
  for (const [tokenId, slot] of slots) slotOf[tokenId] = slot;
  const found: number[][] = Array.from({ length: slots.size }, () => []);
  for (let position = 0; position < occurrences.length; position += 2) {
    const slot = slotOf[occurrences[position]!]!;
    if (slot < 0) continue;
    const documentField = occurrences[position + 1]!;
    if (!isSpecField(documentField % FIELD_COUNT)) continue;
    const document = (documentField / FIELD_COUNT) | 0;
    const pairs = found[slot]!;
    // Occurrences are in document order, so a document repeats only right after itself.
    if (pairs.length > 0 && pairs[pairs.length - 2] === document) pairs[pairs.length - 1]!++;
    else pairs.push(document, 1);
  }
  const offsets = new Int32Array(tokenCount + 1);
  const ordered = [...slots.entries()].sort((left, right) => left[0] - right[0]);
  const pairs = new Int32Array(found.reduce((sum, list) => sum + list.length, 0));
  let written = 0;
  let token = 0;
  for (const [tokenId, slot] of ordered) {
    for (; token <= tokenId; token++) offsets[token] = written / 2;
    pairs.set(found[slot]!, written);
    written += found[slot]!.length;
  }
  for (; token <= tokenCount; token++) offsets[token] = written / 2;
  return { offsets, pairs };
}

function groupByToken(occurrences: Int32Array, tokenCount: number): SpecTokenPostings {
  // Pass 1: distinct (token, document) pairs per token; occurrences are in document order, so a pair
  // repeats only right after the same token's last document.
  const lastDocument = new Int32Array(tokenCount).fill(-1);
  const counts = new Int32Array(tokenCount + 1);
  for (let position = 0; position < occurrences.length; position += 2) {
    const documentField = occurrences[position + 1]!;
    if (!isSpecField(documentField % FIELD_COUNT)) continue;
    const token = occurrences[position]!;
    const document = (documentField / FIELD_COUNT) | 0;
    if (lastDocument[token] === document) continue;
    lastDocument[token] = document;
    counts[token + 1]!++;
  }
  const offsets = counts;
  for (let token = 0; token < tokenCount; token++) offsets[token + 1]! += offsets[token]!;
  const pairs = new Int32Array(offsets[tokenCount]! * 2);
  const cursors = offsets.slice(0, tokenCount);
  lastDocument.fill(-1);
  for (let position = 0; position < occurrences.length; position += 2) {
    const documentField = occurrences[position + 1]!;
    if (!isSpecField(documentField % FIELD_COUNT)) continue;
    const token = occurrences[position]!;
    const document = (documentField / FIELD_COUNT) | 0;
    if (lastDocument[token] === document) {
      pairs[(cursors[token]! - 1) * 2 + 1]!++;
      continue;
    }
    lastDocument[token] = document;
    const at = cursors[token]!++;
    pairs[at * 2] = document;
    pairs[at * 2 + 1] = 1;
  }
  return { offsets, pairs };
}
