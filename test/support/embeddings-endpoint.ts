/**
 * An OpenAI-compatible `/v1/embeddings` endpoint on 127.0.0.1 (node:http), scripted for tests and the
 * meaning bench: it answers `{data: [{index, embedding}]}` from an embedder of the caller's, or
 * misbehaves as `respond` says (an HTTP error, no answer, garbage, vectors of the wrong width, an
 * answer far too large). Every request is recorded (its authorization header and body).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How to answer one request; `ok` embeds with the endpoint's embedder. */
export type EmbeddingsBehaviour = 'ok' | 'error-500' | 'hang' | 'garbage' | 'wrong-dimensions' | 'huge' | 'wrong-count';

export interface RecordedEmbeddingsRequest {
  readonly authorization: string | undefined;
  readonly body: { model?: unknown; input?: unknown; dimensions?: unknown };
}

export interface EmbeddingsEndpoint {
  /** `http://127.0.0.1:PORT/v1`, the base a config's url takes. */
  readonly url: string;
  readonly requests: RecordedEmbeddingsRequest[];
  /** Texts embedded so far, over all requests, in order. */
  embeddedTexts(): string[];
  /** How the next requests are answered (each request reads it when it comes). */
  respond: EmbeddingsBehaviour;
  close(): Promise<void>;
}

export async function startEmbeddingsEndpoint(
  embed: (texts: string[]) => number[][] | Promise<number[][]>,
  options: { readonly respond?: EmbeddingsBehaviour } = {},
): Promise<EmbeddingsEndpoint> {
  const requests: RecordedEmbeddingsRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const endpoint: EmbeddingsEndpoint = {
    url: '',
    requests,
    embeddedTexts: () => requests.flatMap((request) => (Array.isArray(request.body.input) ? (request.body.input as string[]) : [])),
    respond: options.respond ?? 'ok',
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedEmbeddingsRequest['body'];
    requests.push({ authorization: request.headers.authorization, body });
    const texts = body.input as string[];
    const send = (value: unknown): void => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    switch (endpoint.respond) {
      case 'error-500':
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"the model is loading"}}');
        return;
      case 'hang':
        hanging.add(response);
        return;
      case 'garbage':
        response.writeHead(200, { 'content-type': 'application/json' }).end('<html>not json</html>');
        return;
      case 'huge': {
        // Streams far more than any answer for these texts could take, without a length.
        response.writeHead(200, { 'content-type': 'application/json' });
        const block = '1'.repeat(1 << 20);
        let sent = 0;
        const more = (): void => {
          while (sent < 1024 && response.write(block)) sent += 1;
          if (sent < 1024) response.once('drain', more);
          else response.end();
        };
        response.on('error', () => undefined);
        more();
        return;
      }
      default: {
        const vectors = await embed(texts);
        if (endpoint.respond === 'wrong-dimensions') vectors[vectors.length - 1] = [...vectors[vectors.length - 1]!, 0.5];
        const data = vectors.map((embedding, index) => ({ object: 'embedding', index, embedding }));
        send({ object: 'list', model: body.model, data: endpoint.respond === 'wrong-count' ? data.slice(1) : data.reverse() });
      }
    }
  };

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    });
  });
  // Kept-alive connections outlive a client's pauses (a bench embeds between long stretches of ranking).
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (endpoint as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return endpoint;
}

/**
 * A deterministic embedder of the tests' own: a hashed bag of word stems (lowercased, a plural or
 * -ing/-ed ending taken off), with a few words read as one concept (`won`, `winner`, `champion`:
 * the same dimension), in 64 dimensions. Texts sharing stems or concepts point the same way.
 */
export function bagOfStems(texts: string[]): number[][] {
  return texts.map((text) => {
    const vector = new Array<number>(DIMENSIONS).fill(0);
    for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
      if (STOP_WORDS.has(word)) continue;
      const stem = CONCEPTS[word] ?? word.replace(/(ing|ed|es|s)$/, '');
      let hash = 2166136261;
      for (const char of stem) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
      vector[(hash >>> 0) % DIMENSIONS]! += 1;
    }
    return vector;
  });
}

const DIMENSIONS = 64;
const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'in', 'for', 'to', 'who', 'get', 'and', 'or', 'is', 'what']);
const CONCEPTS: Record<string, string> = {
  won: 'victory',
  win: 'victory',
  winner: 'victory',
  champion: 'victory',
  series: 'league',
  league: 'league',
  season: 'league',
};
