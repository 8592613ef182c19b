import { Worker } from 'node:worker_threads';
import { createEagerEncoder } from './eager-encoder.ts';
import { createOnnxEncoder } from './onnx-encoder.ts';
import { pickEncoder } from './pick-encoder.ts';
import { readUseLiteWeights } from './use-lite-weights.ts';
import type { SentenceEncoder } from './index.ts';

/**
 * The worker's code, run from a string (`eval`), so that it needs no file of its own in either the
 * TypeScript sources or the build; the encoders' sources are spliced in (they are self-contained for
 * that). It only uses dynamic import(), which works whether Node runs it as a CommonJS script (the
 * default) or as a module (a parent started with --input-type=module passes that on). It loads the
 * model from the absolute module paths it is given and answers `{id, texts, urgent}` with
 * `{id, vectors}` or `{id, error}`, urgent requests first; `{ready, engine, passedOver}` or `{loadError}`
 * first.
 */
const WORKER_SOURCE = `
(async () => {
  const { parentPort, workerData } = await import('node:worker_threads');
  const message = (error) => String((error && error.message) || error);
  // The graph's own executor spends more time between its 256 nodes than in them. Two encoders compute
  // the same vectors (to float32 rounding) from the graph's weights, faster: ONNX Runtime's native
  // kernels, when the optional onnxruntime-node is installed (a query in 1 to 2 ms), else TensorFlow.js's
  // WebAssembly kernels called eagerly (about 5 times slower). Each is used only when it reproduces the
  // graph on a probe text (pickEncoder), so a model package whose graph they do not know falls back to
  // the graph (slower, never wrong).
  const readUseLiteWeights = ${readUseLiteWeights.toString()};
  const createOnnxEncoder = ${createOnnxEncoder.toString()};
  const createEagerEncoder = ${createEagerEncoder.toString()};
  const pickEncoder = ${pickEncoder.toString()};
  const loading = (async () => {
    const { createRequire } = await import('node:module');
    const require = createRequire(workerData.embeddings);
    const tf = require(workerData.core);
    const { initModel } = require(workerData.embeddings);
    const { modelSource } = require(workerData.weights);
    const model = await initModel(modelSource);
    let weights;
    const weightsOnce = () => (weights ??= readUseLiteWeights(model.model));
    const candidates = [];
    if (workerData.onnx !== undefined) {
      candidates.push({
        engine: 'onnxruntime',
        create: async () => {
          const embed = await createOnnxEncoder(require(workerData.onnx), weightsOnce());
          return (text) => embed(model.tokenizer.encode(text));
        },
      });
    }
    candidates.push({
      engine: 'tfjs-wasm',
      create: () => {
        const eager = createEagerEncoder(tf, weightsOnce());
        return (text) => eager(model.tokenizer.encode(text));
      },
    });
    return pickEncoder(
      candidates,
      async (text) => Float32Array.from((await model.embed([text]))[0]),
      'who won the world series in 2020? find the tool: get_sports_champion',
    );
  })();
  // Requests waiting, one text embedded at a time: a query (urgent) goes before every tool text, even
  // in the middle of a catalog's batch, so that a search never waits behind a warm-up.
  const jobs = [];
  let pumping = false;
  const pump = async () => {
    pumping = true;
    try {
      const { embed: embedOne } = await loading;
      while (jobs.length > 0) {
        const job = jobs[0];
        try {
          if (job.vectors.length < job.texts.length) job.vectors.push(await embedOne(job.texts[job.vectors.length]));
        } catch (error) {
          jobs.shift();
          parentPort.postMessage({ id: job.id, error: message(error) });
          continue;
        }
        if (job.vectors.length === job.texts.length) {
          jobs.shift();
          parentPort.postMessage({ id: job.id, vectors: job.vectors });
        }
        // Lets messages in between texts.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch (error) {
      for (const job of jobs.splice(0)) parentPort.postMessage({ id: job.id, error: message(error) });
    } finally {
      pumping = false;
    }
  };
  parentPort.on('message', ({ id, texts, urgent }) => {
    const job = { id, texts, urgent, vectors: [] };
    const firstNotUrgent = urgent ? jobs.findIndex((queued) => !queued.urgent) : -1;
    if (firstNotUrgent >= 0) jobs.splice(firstNotUrgent, 0, job);
    else jobs.push(job);
    if (!pumping) void pump();
  });
  loading.then(
    ({ engine, passedOver }) => parentPort.postMessage({ ready: true, engine, passedOver }),
    (error) => parentPort.postMessage({ loadError: message(error) }),
  );
})();
`;

interface WorkerReply {
  readonly id?: number;
  readonly vectors?: Float32Array[];
  readonly error?: string;
  readonly ready?: boolean;
  readonly engine?: string;
  readonly passedOver?: string[];
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
export function startEncoderWorker(modules: {
  readonly core: string;
  readonly embeddings: string;
  readonly weights: string;
  /** onnxruntime-node, when it is installed. */
  readonly onnx: string | undefined;
}): Promise<SentenceEncoder> {
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
        resolveLoad({ ...encoder, engine: reply.engine ?? 'graph', passedOver: reply.passedOver ?? [] });
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

    const encoder: Omit<SentenceEncoder, 'engine' | 'passedOver'> = {
      embed(texts, purpose) {
        if (texts.length === 0) return Promise.resolve([]);
        if (stopped !== undefined) return Promise.reject(stopped);
        const id = nextId++;
        return new Promise<Float32Array[]>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          updateRef();
          worker.postMessage({ id, texts: [...texts], urgent: purpose === 'query' });
        });
      },
      async close() {
        stop(new Error('the sentence encoder was closed'));
        await worker.terminate();
      },
    };
  });
}
