import { Worker } from 'node:worker_threads';
import { createEagerEncoder } from './eager-encoder.ts';
import type { SentenceEncoder } from './index.ts';

/**
 * The worker's code, run from a string (`eval`), so that it needs no file of its own in either the
 * TypeScript sources or the build; createEagerEncoder's source is spliced in (it is self-contained for
 * that). It only uses dynamic import(), which works whether Node runs it as a CommonJS script (the
 * default) or as a module (a parent started with --input-type=module passes that on). It loads the
 * model from the absolute module paths it is given and answers `{id, texts}` with `{id, vectors}` or
 * `{id, error}`; `{ready}` or `{loadError}` first.
 */
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const message = (error) => String((error && error.message) || error);
  // The graph's own executor spends more time between its 256 nodes than in them; the eager encoder
  // computes the same vectors (to about 1e-6) in half the time for a request-sized text.
  const createEagerEncoder = ${createEagerEncoder.toString()};
  const loading = (async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(workerData.embeddings);
    const tf = require(workerData.core);
    const { initModel } = require(workerData.embeddings);
    const { modelSource } = require(workerData.weights);
    const model = await initModel(modelSource);
    return { tokenizer: model.tokenizer, encode: createEagerEncoder(tf, model.model) };
  })();
  parentPort.on('message', async ({ id, texts }) => {
    try {
      const { tokenizer, encode } = await loading;
      // One text at a time: a batch would be padded to its longest text.
      const vectors = texts.map((text) => encode(tokenizer.encode(text)));
      parentPort.postMessage({ id, vectors });
    } catch (error) {
      parentPort.postMessage({ id, error: message(error) });
    }
  });
  loading.then(
    () => parentPort.postMessage({ ready: true }),
    (error) => parentPort.postMessage({ loadError: message(error) }),
  );
})();
`;

interface WorkerReply {
  readonly id?: number;
  readonly vectors?: Float32Array[];
  readonly error?: string;
  readonly ready?: boolean;
  readonly loadError?: string;
}

interface Pending {
  resolve(vectors: Float32Array[]): void;
  reject(error: Error): void;
}

/**
 * Starts the worker and resolves once its model is loaded. Requests are answered in order by one
 * thread; the worker keeps the process alive only while a request is pending. If the thread dies,
 * every pending and later request rejects with the reason (a caller such as the semantic ranker then
 * ranks by words alone).
 */
export function startEncoderWorker(modules: { readonly core: string; readonly embeddings: string; readonly weights: string }): Promise<SentenceEncoder> {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: modules });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | undefined;
  const updateRef = (): void => {
    if (pending.size > 0) worker.ref();
    else worker.unref();
  };
  const stop = (error: Error): void => {
    stopped ??= error;
    for (const request of pending.values()) request.reject(stopped);
    pending.clear();
  };

  return new Promise((resolveLoad, rejectLoad) => {
    worker.on('message', (reply: WorkerReply) => {
      if (reply.ready === true) {
        updateRef();
        resolveLoad(encoder);
        return;
      }
      if (reply.loadError !== undefined) {
        const error = new Error(`the sentence encoder could not load its model: ${reply.loadError}`);
        stop(error);
        rejectLoad(error);
        void worker.terminate();
        return;
      }
      const request = reply.id === undefined ? undefined : pending.get(reply.id);
      if (request === undefined) return;
      pending.delete(reply.id!);
      updateRef();
      if (reply.error !== undefined) request.reject(new Error(`the sentence encoder failed: ${reply.error}`));
      else request.resolve(reply.vectors ?? []);
    });
    worker.on('error', (error) => {
      const wrapped = new Error(`the sentence encoder stopped: ${error.message}`);
      stop(wrapped);
      rejectLoad(wrapped);
    });
    worker.on('exit', (code) => {
      const error = new Error(`the sentence encoder stopped (thread exit code ${code})`);
      stop(error);
      rejectLoad(error);
    });

    const encoder: SentenceEncoder = {
      embed(texts) {
        if (texts.length === 0) return Promise.resolve([]);
        if (stopped !== undefined) return Promise.reject(stopped);
        const id = nextId++;
        return new Promise<Float32Array[]>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          updateRef();
          worker.postMessage({ id, texts: [...texts] });
        });
      },
      async close() {
        stop(new Error('the sentence encoder was closed'));
        await worker.terminate();
      },
    };
  });
}
