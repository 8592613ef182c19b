/**
 * What texts are embedded for: a search's query, which a search is waiting for, or tool texts, which
 * are embedded ahead of searches. An embedder may ignore it; a local one may embed queries ahead of
 * tool texts, a hosted API pass it on as its input type (query or document), and the gateway's
 * keeps only tool vectors on disk.
 */
export type EmbeddingPurpose = 'query' | 'tools';

/**
 * Turns texts into vectors whose cosine says how alike their meanings are: the user's own embedding
 * model (an OpenAI-compatible endpoint, embeddings/openai-embedder.ts, or any function: a session's
 * `embed`). One vector per text, in order, all of one length.
 */
export interface TextEmbedder {
  embed(texts: readonly string[], purpose?: EmbeddingPurpose): Promise<readonly ArrayLike<number>[]>;
}
