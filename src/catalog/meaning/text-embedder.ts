/**
 * What texts are embedded for: a search's query, which a search is waiting for, or tool texts, which
 * are embedded ahead of searches. An embedder may ignore it; the local sentence encoder embeds queries
 * ahead of tool texts, and a hosted API may pass it on as its input type (query or document).
 */
export type EmbeddingPurpose = 'query' | 'tools';

/**
 * Turns texts into vectors whose cosine says how alike their meanings are: a local sentence encoder
 * (`tool-search/sentence-encoder`) or a hosted embedding API. One vector per text, in order, all of
 * one length.
 */
export interface TextEmbedder {
  embed(texts: readonly string[], purpose?: EmbeddingPurpose): Promise<readonly ArrayLike<number>[]>;
}
