import type { EmbeddingPurpose, TextEmbedder } from '../catalog/meaning/text-embedder.ts';
import { readBoundedJson } from './read-bounded-json.ts';

/** How long a call embedding tool texts may take. @default 30 s */
export const DEFAULT_EMBEDDINGS_TIMEOUT_MS = 30_000;
/**
 * How long a call embedding a search's query may take: a search waits for it no longer (a vector that
 * comes later serves no search). @default 2 s
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 2_000;
/** Texts sent in one call (OpenAI accepts up to 2,048; local servers often fewer). @default 64 */
export const DEFAULT_EMBEDDINGS_BATCH_SIZE = 64;
/** The widest vector accepted: OpenAI's largest model gives 3,072; nothing useful is wider. */
export const MAX_EMBEDDING_DIMENSIONS = 16_384;
/**
 * Bytes of one answer read at most, per text asked: a vector of MAX_EMBEDDING_DIMENSIONS numbers written
 * as JSON with 20 characters each, and room for the rest. An endpoint sending more is cut off.
 */
const MAX_RESPONSE_BYTES_PER_TEXT = MAX_EMBEDDING_DIMENSIONS * 24 + 1024;

export interface OpenAiEmbedderOptions {
  /**
   * An OpenAI-compatible endpoint: its base (`http://127.0.0.1:11434/v1`, to which `/embeddings` is
   * added) or the full `.../embeddings` URL. OpenAI, Ollama, LM Studio, vLLM, llama.cpp's server and
   * text-embeddings-inference all serve one.
   */
  readonly url: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given; never part of a message. */
  readonly apiKey?: string;
  /** Asked of the endpoint (OpenAI's text-embedding-3 models shorten their vectors), and required of every vector. */
  readonly dimensions?: number;
  /** @default DEFAULT_EMBEDDINGS_TIMEOUT_MS */
  readonly timeoutMs?: number;
  /** @default DEFAULT_QUERY_TIMEOUT_MS */
  readonly queryTimeoutMs?: number;
  /** @default DEFAULT_EMBEDDINGS_BATCH_SIZE */
  readonly batchSize?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

/**
 * A TextEmbedder that POSTs `{model, input: [...], dimensions?}` to an OpenAI-shaped `/embeddings`
 * endpoint and reads `{data: [{index, embedding}]}`, in batches of at most `batchSize` texts. An
 * answer is checked before any of it is used: one vector per text (each index once), finite numbers,
 * one width for all (the configured `dimensions` when given), and read up to a bound. Rejects with a
 * one-line reason (unreachable, timed out, HTTP status, what was wrong with the answer) that never
 * holds the API key or the texts.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): TextEmbedder {
  const endpoint = /\/embeddings\/?$/.test(options.url) ? options.url : `${options.url.replace(/\/+$/, '')}/embeddings`;
  const send = options.fetch ?? globalThis.fetch;
  const batchSize = options.batchSize ?? DEFAULT_EMBEDDINGS_BATCH_SIZE;
  const headers = {
    'content-type': 'application/json',
    ...(options.apiKey === undefined || options.apiKey === '' ? {} : { authorization: `Bearer ${options.apiKey}` }),
  };

  const embedBatch = async (texts: readonly string[], purpose: EmbeddingPurpose | undefined): Promise<number[][]> => {
    const timeoutMs =
      purpose === 'query' ? (options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS) : (options.timeoutMs ?? DEFAULT_EMBEDDINGS_TIMEOUT_MS);
    const signal = AbortSignal.timeout(timeoutMs);
    const request = (): Promise<Response> =>
      send(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: options.model,
          input: texts,
          ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
        }),
        signal,
      });
    let response: Response;
    try {
      // Once more when the connection failed before any answer: a kept-alive connection the server
      // closed just as it was reused fails that way, and the second try opens a new one.
      response = await request().catch((error: unknown) => {
        if (signal.aborted) throw error;
        return request();
      });
    } catch (error) {
      if (signal.aborted) throw new Error(`no answer within ${timeoutMs} ms`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`cannot reach the endpoint (${cause?.code ?? cause?.message ?? (error as Error).message})`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(
        `the endpoint answered HTTP ${response.status}${response.status === 401 || response.status === 403 ? ' (check api_key)' : ''}`,
      );
    }
    let body: unknown;
    try {
      body = await readBoundedJson(response, texts.length * MAX_RESPONSE_BYTES_PER_TEXT, signal);
    } catch (error) {
      if (signal.aborted) throw new Error(`no whole answer within ${timeoutMs} ms`);
      throw error;
    }
    return vectorsOf(body, texts.length, options.dimensions);
  };

  return {
    async embed(texts, purpose) {
      const batches: Promise<number[][]>[] = [];
      for (let start = 0; start < texts.length; start += batchSize)
        batches.push(embedBatch(texts.slice(start, start + batchSize), purpose));
      return (await Promise.all(batches)).flat();
    },
  };
}

/** The vectors of an answer, in input order, after checking it is one sound vector per text. */
function vectorsOf(body: unknown, count: number, dimensions: number | undefined): number[][] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new Error('the answer has no data list (not an OpenAI-compatible embeddings response)');
  if (data.length !== count) throw new Error(`the answer has ${data.length} vectors for ${count} texts`);
  const vectors: (number[] | undefined)[] = new Array(count).fill(undefined);
  let width = dimensions;
  data.forEach((item: unknown, position) => {
    const { index, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    // Servers that leave `index` out answer in input order.
    const at = index === undefined ? position : index;
    if (typeof at !== 'number' || !Number.isInteger(at) || at < 0 || at >= count || vectors[at] !== undefined) {
      throw new Error(`the answer's vector ${position} has index ${JSON.stringify(at)}, not a distinct whole number below ${count}`);
    }
    if (!Array.isArray(embedding) || embedding.length === 0 || embedding.length > MAX_EMBEDDING_DIMENSIONS) {
      throw new Error(
        `the answer's vector ${position} is not a list of 1 to ${MAX_EMBEDDING_DIMENSIONS} numbers (a base64 or other encoding is not read)`,
      );
    }
    width ??= embedding.length;
    if (embedding.length !== width) {
      throw new Error(
        `the answer's vector ${position} has ${embedding.length} dimensions, expected ${width}${dimensions === undefined ? ' like the others' : ' (search.embeddings.dimensions)'}`,
      );
    }
    if (!embedding.every((value) => typeof value === 'number' && Number.isFinite(value)))
      throw new Error(`the answer's vector ${position} holds a value that is not a finite number`);
    vectors[at] = embedding as number[];
  });
  return vectors as number[][];
}
