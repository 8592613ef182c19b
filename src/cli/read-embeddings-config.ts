import { dirname, resolve } from 'node:path';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { resolveGatewayConfig } from '../gateway/gateway-config.ts';
import type { EmbeddingsConfig } from '../gateway/search-config.ts';
import { readConfigDocument } from './read-input-files.ts';
import { UsageError } from './usage-error.ts';

/**
 * The `search.embeddings` block of the config file `search --config` reads, resolved as `serve`
 * resolves it (the whole file read as a gateway config: placeholders such as `${env:NAME}` expanded,
 * the api key a secret), or undefined when the file has none. A bad config is a UsageError naming the
 * file and the key. Nothing is started: servers are only read.
 */
export function readEmbeddingsConfig(path: string | undefined): EmbeddingsConfig | undefined {
  if (path === undefined) return undefined;
  const document = readConfigDocument(path);
  const search = isMapping(document) ? document['search'] : undefined;
  if (!isMapping(search) || search['embeddings'] === undefined || search['embeddings'] === null) return undefined;
  const absolute = resolve(path);
  try {
    // `${tempDir}` is a folder serve makes for its servers; searching starts none, so any path does.
    return resolveGatewayConfig(document, { configDir: dirname(absolute), tempDir: () => dirname(absolute), env: process.env }).config
      .search.embeddings;
  } catch (error) {
    if (error instanceof ToolSearchError) throw new UsageError(`config file '${absolute}': ${error.message}`);
    throw error;
  }
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
