import { hasOwnRequests } from '../index/own-requests.ts';
import type { SearchIndex } from '../index/search-index.ts';
import { sharedVocabulary, type SharedVocabulary } from '../text/shared-vocabulary.ts';
import { selectTop } from './select-top.ts';

/** How many of the best-scoring documents the best request can reorder, at least (the search's depth if larger). */
export const BEST_REQUEST_CANDIDATES = 30;

/**
 * Requests a tool must have of its own for them to be compared, as many as the request pack and the
 * user's model give a tool at least: fewer (a tool learned from one or two searches) do not speak for
 * how people ask for it, so a query unlike them must not count against it.
 */
export const MINIMUM_COMPARED_REQUESTS = 8;

/**
 * The catalog's requests one by one (Tool.requests): each request a short document of its own, so
 * that a request saying what the query says, all of it, counts more than words gathered from many
 * requests of one tool (the requests field pools them). Terms are the shared vocabulary's stem ids
 * (the index's texts were read through it, so a request is not tokenized again), stop words left out.
 */
export interface RequestDocuments {
  /**
   * Document -> 1 when its tool's requests are compared: requests of its own (hasOwnRequests), at least
   * MINIMUM_COMPARED_REQUESTS of them; else 0 (none, lent, its own text, or too few).
   */
  readonly own: Uint8Array;
  /** The vocabulary whose stem ids {@link terms} holds (a newer one may replace the shared one later). */
  readonly vocabulary: SharedVocabulary;
  /** Document -> the index of its first request; document + 1 -> one past its last. */
  readonly firstRequest: Int32Array;
  /** Request -> the offset of its first term in {@link terms}; request + 1 -> one past its last. */
  readonly firstTerm: Int32Array;
  /** Every request's stem ids, back to back. */
  readonly terms: Int32Array;
  /** Stem id -> how many requests of the catalog have it. */
  readonly requestCounts: ReadonlyMap<number, number>;
  readonly requestCount: number;
  readonly averageLength: number;
}

/**
 * Requests of an index, made at its first search that asks for them and kept with it, as the server
 * prior's documents are: an index never changes, so the memo can never be stale, and dies with it.
 */
const requestsByIndex = new WeakMap<SearchIndex, RequestDocuments>();

/**
 * The {@link RequestDocuments} of `index`'s catalog: the requests of the tools that have at least
 * MINIMUM_COMPARED_REQUESTS of their own (lent ones and a tool's own text are not people's words for
 * it, and are not read).
 */
export function requestDocumentsOf(index: SearchIndex): RequestDocuments {
  let documents = requestsByIndex.get(index);
  if (documents !== undefined) return documents;
  const own = new Uint8Array(index.tools.length);
  const vocabulary = sharedVocabulary();
  const firstRequest = new Int32Array(index.tools.length + 1);
  const offsets: number[] = [0];
  const terms: number[] = [];
  const requestCounts = new Map<number, number>();
  // Stem id -> the request (numbered by offsets.length while it is read) that last counted it.
  const lastRequest = new Map<number, number>();
  index.tools.forEach((tool, document) => {
    firstRequest[document] = offsets.length - 1;
    if (!hasOwnRequests(tool) || tool.requests!.length < MINIMUM_COMPARED_REQUESTS) return;
    own[document] = 1;
    for (const request of tool.requests!) {
      const start = terms.length;
      const span = vocabulary.spanOf(request);
      const spans = vocabulary.spans;
      for (let position = span + 1; position <= span + spans[span]!; position++) {
        const stemId = vocabulary.tokenStems[spans[position]!]!;
        if (stemId < 0) continue;
        // Each request counts once per stem it has.
        if (lastRequest.get(stemId) !== offsets.length) {
          lastRequest.set(stemId, offsets.length);
          requestCounts.set(stemId, (requestCounts.get(stemId) ?? 0) + 1);
        }
        terms.push(stemId);
      }
      if (terms.length > start) offsets.push(terms.length);
    }
  });
  firstRequest[index.tools.length] = offsets.length - 1;
  const requestCount = offsets.length - 1;
  documents = {
    own,
    vocabulary,
    firstRequest,
    firstTerm: Int32Array.from(offsets),
    terms: Int32Array.from(terms),
    requestCounts,
    requestCount,
    averageLength: requestCount === 0 ? 0 : terms.length / requestCount,
  };
  requestsByIndex.set(index, documents);
  return documents;
}

/** A query's stems as the best request reads them: each a slot, with its idf over the catalog's requests. */
export interface RequestQuery {
  /** Stem id (in RequestDocuments.vocabulary) -> its slot. */
  readonly slots: ReadonlyMap<number, number>;
  /** Slot -> the idf of its stem over the catalog's requests. */
  readonly idfs: Float64Array;
}

/** The query of `stems` (index terms, repeats allowed) over `requests`; stems no request has are left out. */
export function requestQueryOf(requests: RequestDocuments, stems: readonly string[]): RequestQuery {
  const slots = new Map<number, number>();
  const idfs: number[] = [];
  for (const stem of stems) {
    const stemId = requests.vocabulary.stemIds.get(stem);
    const count = stemId === undefined ? 0 : (requests.requestCounts.get(stemId) ?? 0);
    if (count === 0 || slots.has(stemId!)) continue;
    slots.set(stemId!, idfs.length);
    idfs.push(Math.log(1 + (requests.requestCount - count + 0.5) / (count + 0.5)));
  }
  return { slots, idfs: Float64Array.from(idfs) };
}

/**
 * The BM25 of `query` against each request of `document`, with the index's k1 and b, requests as the
 * documents: the best request's score, 0 when none matches. Reads each request once, whatever the
 * query's length.
 */
export function bestRequestScore(index: SearchIndex, requests: RequestDocuments, document: number, query: RequestQuery): number {
  const { k1, b } = index.options;
  const { firstRequest, firstTerm, terms } = requests;
  const frequencies = new Int32Array(query.idfs.length);
  const touched: number[] = [];
  let best = 0;
  for (let request = firstRequest[document]!; request < firstRequest[document + 1]!; request++) {
    const start = firstTerm[request]!;
    const end = firstTerm[request + 1]!;
    for (let position = start; position < end; position++) {
      const slot = query.slots.get(terms[position]!);
      if (slot !== undefined && frequencies[slot]!++ === 0) touched.push(slot);
    }
    const norm = 1 - b + (b * (end - start)) / requests.averageLength;
    let score = 0;
    for (const slot of touched) {
      const frequency = frequencies[slot]!;
      score += (query.idfs[slot]! * frequency * (k1 + 1)) / (frequency + k1 * norm);
      frequencies[slot] = 0;
    }
    touched.length = 0;
    if (score > best) best = score;
  }
  return best;
}

/**
 * Adds each candidate's best request to `scores`, for the best max(`depth`, BEST_REQUEST_CANDIDATES)
 * documents: score + bestRequestWeight x the best score x a share from 0 to 1. A tool with requests
 * of its own (MINIMUM_COMPARED_REQUESTS or more) has its best request's score over the best of any
 * candidate's; a tool without (a server no pack covers, given its own text or lent requests, or a tool
 * learned from a few searches) has nothing in people's words to compare, so it
 * is given the benefit of the doubt, a share of 1, as if its best request matched as well as any, when
 * its score is above the relevance floor (relevanceFloor x the best score; 0 below, so that the stage
 * pads no result list with weak matches). Requests then reorder the tools that have them, and never
 * take a place from one that has none. Does nothing when the weight is 0, no candidate's request
 * matches, `stems` is empty, or the requests field is off (its weight 0). Never scores a document
 * that had no score.
 */
export function weighBestRequests(index: SearchIndex, scores: Float64Array, stems: readonly string[], depth: number): void {
  const weight = index.options.bestRequestWeight;
  // A requests field weight of 0 turns requests off altogether.
  if (weight === 0 || index.options.fieldWeights.requests === 0 || stems.length === 0) return;
  const requests = requestDocumentsOf(index);
  if (requests.requestCount === 0) return;
  const candidates = selectTop(index.tools, scores, Math.max(depth, BEST_REQUEST_CANDIDATES));
  if (candidates.length === 0) return;
  const query = requestQueryOf(requests, stems);
  if (query.idfs.length === 0) return;
  const bests = candidates.map((document) => (requests.own[document] === 1 ? bestRequestScore(index, requests, document, query) : 0));
  const topBest = Math.max(...bests);
  if (topBest === 0) return;
  const topScore = scores[candidates[0]!]!;
  const floor = index.options.relevanceFloor * topScore;
  const shares = candidates.map((document, position) =>
    requests.own[document] === 1 ? bests[position]! / topBest : scores[document]! >= floor ? 1 : 0,
  );
  candidates.forEach((document, position) => {
    scores[document]! += weight * topScore * shares[position]!;
  });
}
