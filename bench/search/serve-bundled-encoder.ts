/**
 * Serves the bundled sentence encoder (tool-search/sentence-encoder) behind an OpenAI-compatible
 * `/v1/embeddings` endpoint on 127.0.0.1, the scripted endpoint of the tests, so that
 * measure-endpoint-meaning.ts measures it exactly as the gateway's `search.embeddings` would use it.
 * Prints the URL, then serves until stopped. Nothing is downloaded: the weights are in node_modules.
 * Usage: tsx bench/search/serve-bundled-encoder.ts
 */
import { loadSentenceEncoder } from '../../src/integrations/sentence-encoder/index.ts';
import { startEmbeddingsEndpoint } from '../../test/support/embeddings-endpoint.ts';

const encoder = await loadSentenceEncoder();
const endpoint = await startEmbeddingsEndpoint(async (texts) => (await encoder.embed(texts, 'tools')).map((vector) => Array.from(vector)));
// Requests are not kept: a whole bench would hold every text.
endpoint.requests.push = () => 0;
console.log(endpoint.url);
