import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createEmbeddingRanker } from '../catalog/meaning/create-embedding-ranker.ts';
import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import { createOpenAiEmbedder, DEFAULT_QUERY_TIMEOUT_MS } from '../embeddings/openai-embedder.ts';
import { withVectorFile } from '../embeddings/vector-file.ts';
import { EmbeddingOutageError, withBackoff } from '../embeddings/with-backoff.ts';
import { firstLineOf } from '../errors/message-of.ts';
import type { EmbeddingsConfig } from './search-config.ts';

/** The gateway's ranker by meaning over `search.embeddings`, and how to write its last vectors. */
export interface EmbeddingsRanker {
  readonly ranker: SemanticRanker;
  /** The vector file's path. */
  readonly file: string;
  /** Resolves once every tool vector embedded so far is in the vector file. */
  flush(): Promise<void>;
}

/**
 * The ranker tool_search uses with `search.embeddings`: the endpoint (createOpenAiEmbedder), paused
 * after a failure with backoff (one warning per outage, withBackoff), behind a vector file in
 * `cacheDirectory` named by the model and width (only tools new or changed since are embedded at a
 * start), fused so that meaning can only add (createEmbeddingRanker). A search waits for its query's
 * vector DEFAULT_QUERY_TIMEOUT_MS at most; any other problem of a search's ranking by meaning (the
 * first such) is one warning too. Messages name the endpoint by its URL as written, never the key.
 */
export function createEmbeddingsRanker(config: EmbeddingsConfig, cacheDirectory: string, log: (line: string) => void): EmbeddingsRanker {
  const name = `${config.displayUrl}, model ${config.model}`;
  const endpoint = createOpenAiEmbedder({
    url: config.url,
    model: config.model,
    ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
    ...(config.dimensions === undefined ? {} : { dimensions: config.dimensions }),
    timeoutMs: config.timeoutMs,
    queryTimeoutMs: DEFAULT_QUERY_TIMEOUT_MS,
  });
  const model = `${config.model}${config.dimensions === undefined ? '' : `@${config.dimensions}`}`;
  const path = join(cacheDirectory, `embeddings-${createHash('sha256').update(model).digest('hex').slice(0, 16)}.bin`);
  const file = withVectorFile(withBackoff(endpoint, { name, log }), {
    path,
    model,
    ...(config.dimensions === undefined ? {} : { dimensions: config.dimensions }),
    onWarning: (line) => log(`warning: search.embeddings: ${line}`),
  });
  let warned = false;
  const ranker = createEmbeddingRanker(file, {
    onError: (error) => {
      // The outage's one warning was given by withBackoff.
      if (error instanceof EmbeddingOutageError || warned) return;
      warned = true;
      log(
        `warning: search.embeddings (${name}): ${firstLineOf(error)}; that search ranked by words alone (further such warnings are not shown)`,
      );
    },
  });
  return { ranker, file: path, flush: () => file.flush() };
}
