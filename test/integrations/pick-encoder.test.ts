import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pickEncoder, type EmbedOne, type EncoderCandidate } from '../../src/integrations/sentence-encoder/pick-encoder.ts';

const graph = async (text: string): Promise<Float32Array> => Float32Array.from([text.length, 1, 0.5]);
const offBy = (offset: number): EmbedOne => (text) => Float32Array.from([text.length + offset, 1, 0.5]);
const candidate = (engine: string, create: () => EmbedOne): EncoderCandidate => ({ engine, create });
const failing = (message: string): (() => never) => () => {
  throw new Error(message);
};

describe('which encoder the worker uses (pickEncoder)', () => {
  it('the first candidate that reproduces the graph on the probe text', async () => {
    const fast = offBy(5e-5);
    const picked = await pickEncoder([candidate('onnx', () => fast), candidate('eager', () => offBy(0))], graph, 'probe');
    assert.deepEqual(picked, { engine: 'onnx', embed: fast, passedOver: [] });
  });

  it('skips a candidate that gives other vectors, fails, or cannot be made', async () => {
    const eager = offBy(0);
    for (const [first, reason] of [
      [candidate('other values', () => offBy(1e-3)), "other values: its vectors differ from the graph's"],
      [candidate('other width', () => (text) => Float32Array.from([text.length, 1])), "other width: its vectors differ from the graph's"],
      [candidate('fails', () => failing('no such weight')), 'fails: no such weight'],
      [candidate('cannot be made', failing('Cannot find module onnxruntime-node\nRequire stack: ...')), 'cannot be made: Cannot find module onnxruntime-node'],
    ] as const) {
      assert.deepEqual(await pickEncoder([first, candidate('eager', () => eager)], graph, 'probe'), { engine: 'eager', embed: eager, passedOver: [reason] }, first.engine);
    }
  });

  it('the graph itself when no candidate reproduces it', async () => {
    assert.deepEqual(await pickEncoder([candidate('eager', () => offBy(1))], graph, 'probe'), { engine: 'graph', embed: graph, passedOver: ["eager: its vectors differ from the graph's"] });
    assert.deepEqual(await pickEncoder([], graph, 'probe'), { engine: 'graph', embed: graph, passedOver: [] });
  });

  it('works from its source text alone, as the worker injects it', async () => {
    const injected = new Function(`return ${pickEncoder.toString()}`)() as typeof pickEncoder;
    const eager = offBy(0);
    assert.equal((await injected([candidate('eager', () => eager)], graph, 'probe')).embed, eager);
    assert.equal((await injected([candidate('eager', () => offBy(1))], graph, 'probe')).engine, 'graph');
  });
});
