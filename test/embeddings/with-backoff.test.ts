import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { EmbeddingOutageError, withBackoff } from '../../src/embeddings/with-backoff.ts';

/** An embedder that fails while `down` is set, counting its calls. */
function switchable(): TextEmbedder & { down: boolean; calls: number } {
  const embedder = {
    down: true,
    calls: 0,
    async embed(texts: readonly string[]) {
      embedder.calls += 1;
      if (embedder.down) throw new Error('cannot reach the endpoint (ECONNREFUSED)');
      return texts.map(() => [1, 0]);
    },
  };
  return embedder;
}

describe('withBackoff', () => {
  const setup = () => {
    let time = 0;
    const lines: string[] = [];
    const inner = switchable();
    const embedder = withBackoff(inner, {
      name: 'http://127.0.0.1:9/v1, model m',
      log: (line) => lines.push(line),
      firstRetryMs: 1_000,
      longestRetryMs: 4_000,
      now: () => time,
    });
    return { inner, embedder, lines, advance: (ms: number) => (time += ms) };
  };

  it('warns once per outage and rejects at once, without calling the endpoint, until the pause ends', async () => {
    const { inner, embedder, lines, advance } = setup();
    await assert.rejects(embedder.embed(['a']), EmbeddingOutageError);
    for (let search = 0; search < 5; search++)
      await assert.rejects(
        embedder.embed(['b'], 'query'),
        /^EmbeddingOutageError: embeddings unavailable: cannot reach the endpoint \(ECONNREFUSED\)$/,
      );
    assert.equal(inner.calls, 1);
    assert.deepEqual(lines, [
      'warning: embeddings (http://127.0.0.1:9/v1, model m): cannot reach the endpoint (ECONNREFUSED); tool_search ranks by words alone until it answers (tried again in 1 s, then less often)',
    ]);
    advance(1_000);
    await assert.rejects(embedder.embed(['c']), EmbeddingOutageError);
    assert.equal(inner.calls, 2);
    assert.equal(lines.length, 1, 'a failed retry adds no warning');
  });

  it('doubles the pause after each failed retry, up to the longest', async () => {
    const { inner, embedder, advance } = setup();
    await assert.rejects(embedder.embed(['a']));
    for (const pause of [1_000, 2_000, 4_000, 4_000]) {
      advance(pause - 1);
      await assert.rejects(embedder.embed(['a']));
      const before = inner.calls;
      advance(1);
      await assert.rejects(embedder.embed(['a']));
      assert.equal(inner.calls, before + 1, `retried after ${pause} ms`);
    }
  });

  it('counts calls that failed together as one failure', async () => {
    const { inner, embedder, advance } = setup();
    await Promise.allSettled([embedder.embed(['a']), embedder.embed(['b']), embedder.embed(['c'])]);
    assert.equal(inner.calls, 3);
    advance(1_000);
    await assert.rejects(embedder.embed(['a']));
    assert.equal(inner.calls, 4, 'the pause is still the first one');
  });

  it('says once when the endpoint answers again, and then passes every call through', async () => {
    const { inner, embedder, lines, advance } = setup();
    await assert.rejects(embedder.embed(['a']));
    inner.down = false;
    advance(1_000);
    assert.deepEqual(await embedder.embed(['a', 'b']), [
      [1, 0],
      [1, 0],
    ]);
    await embedder.embed(['c']);
    assert.deepEqual(lines.slice(1), ['embeddings (http://127.0.0.1:9/v1, model m) answer again; tool_search ranks by meaning too']);
    assert.equal(inner.calls, 3);
  });

  it('keeps one outage while queries answer and tool batches still fail, the pause doubling for the batches', async () => {
    let time = 0;
    const lines: string[] = [];
    const calls: string[] = [];
    // Answers one text at a time, fails any batch: an endpoint whose batches come back malformed.
    const inner: TextEmbedder = {
      async embed(texts, purpose) {
        calls.push(purpose ?? 'none');
        if (texts.length > 1) throw new Error("the answer's vector 1 has 64 dimensions, expected 65 like the others");
        return [[1, 0]];
      },
    };
    const embedder = withBackoff(inner, {
      name: 'e',
      log: (line) => lines.push(line),
      firstRetryMs: 1_000,
      longestRetryMs: 8_000,
      now: () => time,
    });
    await assert.rejects(embedder.embed(['a', 'b'], 'tools'), EmbeddingOutageError);
    time += 1_000;
    assert.deepEqual(await embedder.embed(['q'], 'query'), [[1, 0]], 'a query after the pause is tried and answered');
    await assert.rejects(embedder.embed(['a', 'b'], 'tools'), EmbeddingOutageError);
    time += 1_999;
    await assert.rejects(embedder.embed(['a', 'b'], 'tools'), EmbeddingOutageError);
    assert.deepEqual(calls, ['tools', 'query', 'tools'], 'the failed batch doubled the pause to 2 s');
    time += 1;
    await assert.rejects(embedder.embed(['a', 'b'], 'tools'), EmbeddingOutageError);
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /^warning: embeddings \(e\): the answer's vector 1 has 64 dimensions/);
    time += 4_000;
    inner.embed = async (texts) => texts.map(() => [0, 1]);
    await embedder.embed(['a', 'b'], 'tools');
    assert.deepEqual(lines.slice(1), ['embeddings (e) answer again; tool_search ranks by meaning too']);
  });
});
