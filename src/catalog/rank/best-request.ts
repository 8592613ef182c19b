import { everyToolHasOwnRequests } from '../index/own-requests.ts';
import type { SearchIndex } from '../index/search-index.ts';
import { analyzeTokens } from '../text/analyze-tokens.ts';
import { tokenize } from '../text/tokenize.ts';
import { selectTop } from './select-top.ts';

/** How many of the best-scoring documents the best request can reorder, at least (the search's depth if larger). */
export const BEST_REQUEST_CANDIDATES = 30;

/**
 * The catalog's requests one by one (Tool.requests): each request a short document of its own, so
 * that a request saying what the query says, all of it, counts more than words gathered from many
 * requests of one tool (the requests field pools them).
 */
export interface RequestDocuments {
  /** Whether every tool but core ones has requests of its own (none lent, none its own text by balanceRequests). */
  readonly everyToolHasOwn: boolean;
  /** Document -> its requests, each as index terms (stop words dropped, stemmed). */
  readonly termsOf: ReadonlyArray<ReadonlyArray<readonly string[]>>;
  /** Index term -> how many requests of the catalog have it. */
  readonly requestCounts: ReadonlyMap<string, number>;
  readonly requestCount: number;
  readonly averageLength: number;
}

/**
 * Requests of an index, made at its first search that asks for them and kept with it, as the server
 * prior's documents are: an index never changes, so the memo can never be stale, and dies with it.
 */
const requestsByIndex = new WeakMap<SearchIndex, RequestDocuments>();

/**
 * The {@link RequestDocuments} of `index`'s catalog. Where some tool has no requests of its own, none
 * is read (the best request is off there), so such a catalog costs one pass over its tools.
 */
export function requestDocumentsOf(index: SearchIndex): RequestDocuments {
  let documents = requestsByIndex.get(index);
  if (documents !== undefined) return documents;
  const everyToolHasOwn = everyToolHasOwnRequests(index.tools);
  const stems = new Map<string, string>();
  const requestCounts = new Map<string, number>();
  let requestCount = 0;
  let totalLength = 0;
  const termsOf = index.tools.map((tool) => {
    if (!everyToolHasOwn || tool.kind === 'core') return [];
    const lists = (tool.requests ?? []).map((request) => analyzeTokens(tokenize(request), stems)).filter((terms) => terms.length > 0);
    for (const terms of lists) {
      requestCount++;
      totalLength += terms.length;
      for (const term of new Set(terms)) requestCounts.set(term, (requestCounts.get(term) ?? 0) + 1);
    }
    return lists;
  });
  documents = { everyToolHasOwn, termsOf, requestCounts, requestCount, averageLength: requestCount === 0 ? 0 : totalLength / requestCount };
  requestsByIndex.set(index, documents);
  return documents;
}

/**
 * The BM25 of `terms` (distinct index terms of the query) against each request of `document`, with
 * the index's k1 and b, requests as the documents: the best request's score, 0 when none matches.
 */
export function bestRequestScore(index: SearchIndex, requests: RequestDocuments, document: number, terms: readonly string[]): number {
  const { k1, b } = index.options;
  let best = 0;
  for (const request of requests.termsOf[document] ?? []) {
    let score = 0;
    for (const term of terms) {
      let frequency = 0;
      for (const word of request) if (word === term) frequency++;
      if (frequency === 0) continue;
      const count = requests.requestCounts.get(term) ?? 0;
      const idf = Math.log(1 + (requests.requestCount - count + 0.5) / (count + 0.5));
      const norm = 1 - b + (b * request.length) / requests.averageLength;
      score += (idf * frequency * (k1 + 1)) / (frequency + k1 * norm);
    }
    if (score > best) best = score;
  }
  return best;
}

/**
 * Adds each candidate's best request to `scores`: for the best max(`depth`, BEST_REQUEST_CANDIDATES)
 * documents, score + bestRequestWeight x the best score x (its best request's score / the best of
 * any candidate's). Only in a catalog where every tool has requests of its own: a tool without (a
 * server no pack covers, given its own text or lent requests) has no requests in people's words to
 * compare, and would lose first places it deserves. Does nothing when the weight is 0, no candidate
 * request matches, `stems` is empty, or the requests field is off (its weight 0). Never scores a
 * document that had no score.
 */
export function weighBestRequests(index: SearchIndex, scores: Float64Array, stems: readonly string[], depth: number): void {
  const weight = index.options.bestRequestWeight;
  // A requests field weight of 0 turns requests off altogether.
  if (weight === 0 || index.options.fieldWeights.requests === 0 || stems.length === 0) return;
  const requests = requestDocumentsOf(index);
  if (!requests.everyToolHasOwn) return;
  const candidates = selectTop(index.tools, scores, Math.max(depth, BEST_REQUEST_CANDIDATES));
  if (candidates.length === 0) return;
  const terms = [...new Set(stems)];
  const bests = candidates.map((document) => bestRequestScore(index, requests, document, terms));
  const topBest = Math.max(...bests);
  if (topBest === 0) return;
  const topScore = scores[candidates[0]!]!;
  candidates.forEach((document, position) => {
    scores[document]! += (weight * topScore * bests[position]!) / topBest;
  });
}
