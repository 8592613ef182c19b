import { FIELD_COUNT, REQUESTS_FIELD, type SearchIndex } from '../index/search-index.ts';

/**
 * The catalog's servers as documents of their own: each toolset (an MCP server, a plugin) is the
 * text of its tools (names, descriptions, parameter names, the toolset's name), never their requests,
 * so a server the request pack covers is no longer a document than one it does not.
 */
export interface ServerDocuments {
  /** Document -> its server's number, in order of first appearance in the catalog. */
  readonly serverOf: Int32Array;
  readonly serverCount: number;
  /** Server -> index terms in its documents' fields (requests left out). */
  readonly lengths: Float64Array;
  readonly averageLength: number;
}

/**
 * Servers of an index, made at its first search that asks for them and kept with it: an index never
 * changes (search-index.ts), and a new catalog is a new index, so the memo can never be stale, and
 * dies with its index.
 */
const serversByIndex = new WeakMap<SearchIndex, ServerDocuments>();

/** The {@link ServerDocuments} of `index`'s catalog. */
export function serverDocumentsOf(index: SearchIndex): ServerDocuments {
  let servers = serversByIndex.get(index);
  if (servers !== undefined) return servers;
  const documentCount = index.tools.length;
  const numbers = new Map<string, number>();
  const serverOf = new Int32Array(documentCount);
  const lengthsByServer: number[] = [];
  for (let document = 0; document < documentCount; document++) {
    const toolset = index.tools[document]!.toolset;
    let server = numbers.get(toolset);
    if (server === undefined) {
      server = numbers.size;
      numbers.set(toolset, server);
      lengthsByServer.push(0);
    }
    serverOf[document] = server;
    for (let field = 0; field < FIELD_COUNT; field++) {
      if (field !== REQUESTS_FIELD) lengthsByServer[server]! += index.fieldLengths[document * FIELD_COUNT + field]!;
    }
  }
  const lengths = Float64Array.from(lengthsByServer);
  const averageLength = lengths.length === 0 ? 0 : lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
  servers = { serverOf, serverCount: numbers.size, lengths, averageLength };
  serversByIndex.set(index, servers);
  return servers;
}

/**
 * A BM25 of analyzed query `terms` over the catalog's servers (serverDocumentsOf), with the index's
 * k1 and b; one score per server, 0 for a server no term is in. Each distinct term counts once.
 */
export function scoreServers(index: SearchIndex, servers: ServerDocuments, terms: readonly string[]): Float64Array {
  const { serverOf, serverCount, lengths, averageLength } = servers;
  const { k1, b } = index.options;
  const scores = new Float64Array(serverCount);
  const frequencies = new Float64Array(serverCount);
  const touched: number[] = [];
  for (const term of new Set(terms)) {
    const stemId = index.stemIds.get(term);
    if (stemId === undefined) continue;
    const entries = index.stemEntries(stemId);
    for (let position = 0; position < entries.length; position++) {
      const documentField = entries[position]!;
      if (documentField % FIELD_COUNT === REQUESTS_FIELD) continue;
      const server = serverOf[(documentField / FIELD_COUNT) | 0]!;
      if (frequencies[server] === 0) touched.push(server);
      frequencies[server]!++;
    }
    const idf = Math.log(1 + (serverCount - touched.length + 0.5) / (touched.length + 0.5));
    for (const server of touched) {
      const frequency = frequencies[server]!;
      const norm = averageLength === 0 ? 1 : 1 - b + (b * lengths[server]!) / averageLength;
      scores[server]! += (idf * frequency * (k1 + 1)) / (frequency + k1 * norm);
      frequencies[server] = 0;
    }
    touched.length = 0;
  }
  return scores;
}

/**
 * Blends the server prior softly into `scores`: each scored document's score x (1 + serverPriorWeight
 * x its server's score / the best server's score). Never a filter: a document of a server that scores
 * nothing keeps its own score, and nothing unscored gains one. Does nothing when the weight is 0, the
 * catalog has fewer than two servers (a prior over one server tells nothing), or no server scores.
 */
export function weighServerPrior(index: SearchIndex, scores: Float64Array, terms: readonly string[]): void {
  const weight = index.options.serverPriorWeight;
  if (weight === 0) return;
  const servers = serverDocumentsOf(index);
  if (servers.serverCount < 2) return;
  const serverScores = scoreServers(index, servers, terms);
  let best = 0;
  for (const score of serverScores) if (score > best) best = score;
  if (best === 0) return;
  const { serverOf } = servers;
  for (let document = 0; document < scores.length; document++) {
    if (scores[document]! > 0) scores[document]! *= 1 + (weight * serverScores[serverOf[document]!]!) / best;
  }
}
