import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createOpenAiEmbedder } from '../../src/embeddings/openai-embedder.ts';
import { bagOfStems, startEmbeddingsEndpoint, type EmbeddingsEndpoint } from '../support/embeddings-endpoint.ts';

const API_KEY = 'sk-test-embeddings-key-0123456789';

describe('createOpenAiEmbedder', () => {
  let endpoint: EmbeddingsEndpoint;
  before(async () => {
    endpoint = await startEmbeddingsEndpoint(bagOfStems);
  });
  after(() => endpoint.close());

  const embedder = (overrides: Partial<Parameters<typeof createOpenAiEmbedder>[0]> = {}) =>
    createOpenAiEmbedder({ url: endpoint.url, model: 'stems', apiKey: API_KEY, timeoutMs: 1_000, queryTimeoutMs: 1_000, ...overrides });

  it('posts the model, the texts and the dimensions, with the key as a bearer, and reads the vectors in input order', async () => {
    endpoint.respond = 'ok';
    endpoint.requests.length = 0;
    const texts = ['create an issue', 'list the pull requests'];
    const vectors = await embedder({ dimensions: 64 }).embed(texts, 'tools');
    // The endpoint answers its data reversed: each vector is placed by its index.
    assert.deepEqual(vectors, bagOfStems(texts));
    assert.equal(endpoint.requests.length, 1);
    assert.equal(endpoint.requests[0]!.authorization, `Bearer ${API_KEY}`);
    assert.deepEqual(endpoint.requests[0]!.body, { model: 'stems', input: texts, dimensions: 64 });
  });

  it('takes a full /embeddings URL as it is, and sends no authorization without a key', async () => {
    endpoint.respond = 'ok';
    endpoint.requests.length = 0;
    await createOpenAiEmbedder({ url: `${endpoint.url}/embeddings`, model: 'stems' }).embed(['one'], 'query');
    assert.equal(endpoint.requests[0]!.authorization, undefined);
  });

  it('sends at most batchSize texts per call', async () => {
    endpoint.respond = 'ok';
    endpoint.requests.length = 0;
    const texts = ['a1', 'b2', 'c3', 'd4', 'e5'];
    assert.deepEqual(await embedder({ batchSize: 2 }).embed(texts, 'tools'), bagOfStems(texts));
    assert.deepEqual(
      endpoint.requests.map((request) => request.body.input),
      [['a1', 'b2'], ['c3', 'd4'], ['e5']],
    );
  });

  const failures: [EmbeddingsEndpoint['respond'], RegExp][] = [
    ['error-500', /^the endpoint answered HTTP 500$/],
    ['hang', /^no answer within 1000 ms$/],
    ['garbage', /^the answer is not JSON$/],
    ['wrong-dimensions', /^the answer's vector 1 has 64 dimensions, expected 65 like the others$/],
    ['wrong-count', /^the answer has 1 vectors for 2 texts$/],
    ['huge', /^the answer is larger than \d+ bytes$/],
  ];
  for (const [respond, message] of failures) {
    it(`rejects with a one-line reason for ${respond}, never naming the key`, async () => {
      endpoint.respond = respond;
      const error = await embedder()
        .embed(['create an issue', 'close it'], 'tools')
        .then(
          () => assert.fail('resolved'),
          (rejection: Error) => rejection,
        );
      assert.match(error.message, message);
      assert.ok(!error.message.includes(API_KEY));
    });
  }

  it('says so when nothing listens at the URL', async () => {
    const closed = await startEmbeddingsEndpoint(bagOfStems);
    await closed.close();
    await assert.rejects(
      createOpenAiEmbedder({ url: closed.url, model: 'stems' }).embed(['x'], 'query'),
      /^Error: cannot reach the endpoint \(ECONNREFUSED\)$/,
    );
  });

  it('refuses vectors of another width than the configured dimensions', async () => {
    endpoint.respond = 'ok';
    await assert.rejects(
      embedder({ dimensions: 32 }).embed(['x'], 'tools'),
      /has 64 dimensions, expected 32 \(search\.embeddings\.dimensions\)/,
    );
  });
});
