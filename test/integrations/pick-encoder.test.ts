import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pickEncoder, type EmbedOne } from '../../src/integrations/sentence-encoder/pick-encoder.ts';

const graph = async (text: string): Promise<Float32Array> => Float32Array.from([text.length, 1, 0.5]);
const eagerOffBy = (offset: number): EmbedOne => (text) => Float32Array.from([text.length + offset, 1, 0.5]);

describe('which encoder the worker uses (pickEncoder)', () => {
  it('the eager encoder, when it reproduces the graph on the probe text', async () => {
    const eager = eagerOffBy(5e-5);
    assert.equal(await pickEncoder(() => eager, graph, 'probe'), eager);
  });

  it('the graph, when the eager encoder gives other vectors, fails, or cannot be made', async () => {
    assert.equal(await pickEncoder(() => eagerOffBy(1e-3), graph, 'probe'), graph);
    assert.equal(await pickEncoder(() => (text) => Float32Array.from([text.length, 1]), graph, 'probe'), graph, 'another width');
    assert.equal(
      await pickEncoder(
        () => () => {
          throw new Error('no such weight');
        },
        graph,
        'probe',
      ),
      graph,
    );
    assert.equal(
      await pickEncoder(
        () => {
          throw new Error('the sentence encoder graph has no transformer layers');
        },
        graph,
        'probe',
      ),
      graph,
    );
  });

  it('works from its source text alone, as the worker injects it', async () => {
    const injected = new Function(`return ${pickEncoder.toString()}`)() as typeof pickEncoder;
    const eager = eagerOffBy(0);
    assert.equal(await injected(() => eager, graph, 'probe'), eager);
    assert.equal(await injected(() => eagerOffBy(1), graph, 'probe'), graph);
  });
});
