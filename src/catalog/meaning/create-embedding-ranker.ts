import { DEFAULT_MEANING_AGREEMENT } from './fuse-with-meaning.ts';
import { createSemanticRanker, type SemanticRanker, type SemanticRankerOptions } from './semantic-ranker.ts';
import type { TextEmbedder } from './text-embedder.ts';

/**
 * An embedding model as a function: texts in, one vector per text out, in order, all of one length
 * (the AI SDK's `embedMany`, an OpenAI client's `embeddings.create`, a local server...).
 */
export type EmbedTexts = (texts: string[]) => Promise<number[][]>;

/**
 * How long a search waits for its query's vector before it ranks by words alone: an embedding model
 * behind a network answers a query in well under a second when it answers at all; a little over the
 * gateway endpoint's own query timeout (2 s), so that a slow endpoint is told as its own failure. @default 2.5 s
 */
export const DEFAULT_EMBED_TIMEOUT_MS = 2_500;

/**
 * A SemanticRanker over `embed` (a function, or a TextEmbedder that is told what it embeds) as a
 * session's `embed` option and the gateway's `search.embeddings` make it: meaning can only add (DEFAULT_MEANING_AGREEMENT: the words ranking's first tool stays
 * first unless both rankings agree on another, and its first two stay among the first places), and a
 * search waits DEFAULT_EMBED_TIMEOUT_MS at most. `options` may override any of it.
 */
export function createEmbeddingRanker(embed: EmbedTexts | TextEmbedder, options: SemanticRankerOptions = {}): SemanticRanker {
  return createSemanticRanker(typeof embed === 'function' ? { embed: (texts) => embed([...texts]) } : embed, {
    keepWordsFirst: 2,
    agreement: DEFAULT_MEANING_AGREEMENT,
    timeoutMs: DEFAULT_EMBED_TIMEOUT_MS,
    ...options,
  });
}
