import type { UseLiteDense, UseLiteNorm, UseLiteWeights } from './use-lite-weights.ts';

/**
 * The Universal Sentence Encoder lite run by ONNX Runtime's native CPU kernels (`onnxruntime-node`,
 * optional): the same function as the eager encoder, written out as an ONNX graph (opset 17) built here
 * from the model's weights, so nothing is converted or downloaded. Why: its matrix products run at 60 to
 * 90 billion multiply-adds a second on one core here, against about 11 for TensorFlow.js's WebAssembly
 * kernels, so a query embeds in a few milliseconds instead of about eleven.
 *
 * Contract: `(await createOnnxEncoder(ort, weights))(tokenIds)` equals the eager encoder's vector for
 * the same token ids to float32 rounding (the worker checks it against the graph on a probe text before
 * using it). The input rows (embeddings plus timing signal) and the final normalization are computed by
 * `weights`; the graph takes the rows and returns tanh(dense(mean of the last layer)). No tokens at all
 * gives normalize(tanh(bias)), as the eager encoder does.
 *
 * Self-contained (no module-scope names; helpers are object-literal methods), because the encoder
 * worker injects its source with `createOnnxEncoder.toString()`. One intra-op thread: a search ranks by
 * words on the caller's thread meanwhile, and a catalog is embedded one text at a time.
 */
export async function createOnnxEncoder(ort: any, weights: UseLiteWeights): Promise<(tokenIds: readonly number[]) => Promise<Float32Array>> {
  // Protocol-buffer encoding of the few ONNX messages needed (onnx.proto3 field numbers).
  const pb = {
    concat(parts: readonly Uint8Array[]): Uint8Array {
      const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let offset = 0;
      for (const part of parts) {
        out.set(part, offset);
        offset += part.length;
      }
      return out;
    },
    varint(value: number): Uint8Array {
      const bytes: number[] = [];
      let rest = value;
      while (rest >= 0x80) {
        bytes.push((rest % 0x80) | 0x80);
        rest = Math.floor(rest / 0x80);
      }
      bytes.push(rest);
      return Uint8Array.from(bytes);
    },
    int(field: number, value: number): Uint8Array {
      return pb.concat([pb.varint(field * 8), pb.varint(value)]);
    },
    bytes(field: number, value: Uint8Array): Uint8Array {
      return pb.concat([pb.varint(field * 8 + 2), pb.varint(value.length), value]);
    },
    text(field: number, value: string): Uint8Array {
      return pb.bytes(field, new TextEncoder().encode(value));
    },
    message(field: number, parts: readonly Uint8Array[]): Uint8Array {
      return pb.bytes(field, pb.concat(parts));
    },
    float(field: number, value: number): Uint8Array {
      return pb.concat([pb.varint(field * 8 + 5), new Uint8Array(Float32Array.of(value).buffer)]);
    },
  };

  // The graph under construction.
  const nodes: Uint8Array[] = [];
  const initializers: Uint8Array[] = [];
  let counter = 0;
  const graph = {
    fresh(stem: string): string {
      counter += 1;
      return `${stem}_${counter}`;
    },
    constant(values: Float32Array | BigInt64Array, dims: readonly number[]): string {
      const name = graph.fresh('w');
      const dataType = values instanceof Float32Array ? 1 : 7; // FLOAT, INT64
      initializers.push(
        pb.concat([
          ...dims.map((dim) => pb.int(1, dim)),
          pb.int(2, dataType),
          pb.text(8, name),
          pb.bytes(9, new Uint8Array(values.buffer, values.byteOffset, values.byteLength)),
        ]),
      );
      return name;
    },
    /** Adds a node; attributes are ready-made AttributeProto bodies. Returns its outputs' names. */
    node(op: string, inputs: readonly string[], outputCount = 1, attributes: readonly Uint8Array[] = []): string[] {
      const outputs = Array.from({ length: outputCount }, () => graph.fresh(op.toLowerCase()));
      nodes.push(pb.concat([...inputs.map((input) => pb.text(1, input)), ...outputs.map((output) => pb.text(2, output)), pb.text(4, op), ...attributes.map((attribute) => pb.bytes(5, attribute))]));
      return outputs;
    },
    intAttribute(name: string, value: number): Uint8Array {
      return pb.concat([pb.text(1, name), pb.int(3, value), pb.int(20, 2)]);
    },
    intsAttribute(name: string, values: readonly number[]): Uint8Array {
      return pb.concat([pb.text(1, name), ...values.map((value) => pb.int(8, value)), pb.int(20, 7)]);
    },
    floatAttribute(name: string, value: number): Uint8Array {
      return pb.concat([pb.text(1, name), pb.float(2, value), pb.int(20, 1)]);
    },
    valueInfo(name: string, dims: readonly (number | string)[]): Uint8Array {
      const shape = dims.map((dim) => pb.message(1, [typeof dim === 'string' ? pb.text(2, dim) : pb.int(1, dim)]));
      return pb.concat([pb.text(1, name), pb.message(2, [pb.message(1, [pb.int(1, 1), pb.message(2, shape)])])]);
    },
  };

  const ops = {
    dense(input: string, layer: UseLiteDense, relu = false): string {
      const [product] = graph.node('MatMul', [input, graph.constant(layer.kernel, [layer.inputs, layer.outputs])]);
      const [sum] = graph.node('Add', [product!, graph.constant(layer.bias, [layer.outputs])]);
      return relu ? graph.node('Relu', [sum!])[0]! : sum!;
    },
    layerNorm(input: string, norm: UseLiteNorm): string {
      const width = norm.scale.length;
      return graph.node('LayerNormalization', [input, graph.constant(norm.scale, [width]), graph.constant(norm.bias, [width])], 1, [graph.floatAttribute('epsilon', weights.epsilon)])[0]!;
    },
    add(left: string, right: string): string {
      return graph.node('Add', [left, right])[0]!;
    },
    /** [rows, width] -> [heads, rows, depth] (perm [1, 0, 2]) or [heads, depth, rows] (perm [1, 2, 0]). */
    splitHeads(input: string, depth: number, perm: readonly number[]): string {
      const shape = graph.constant(BigInt64Array.from([-1n, BigInt(weights.heads), BigInt(depth)]), [3]);
      const [reshaped] = graph.node('Reshape', [input, shape]);
      return graph.node('Transpose', [reshaped!], 1, [graph.intsAttribute('perm', perm)])[0]!;
    },
    mean(input: string): string {
      return graph.node('ReduceMean', [input], 1, [graph.intsAttribute('axes', [0]), graph.intAttribute('keepdims', 1)])[0]!;
    },
  };

  // Pre-norm layers as the eager encoder computes them; the last one's second FFN matrix and residual
  // add are applied to the mean over tokens (they commute with it).
  let x = 'rows';
  let pooled = '';
  weights.layers.forEach((layer, index) => {
    const width = layer.qkv.outputs / 3;
    const depth = width / weights.heads;
    const residual = layer.residual === undefined ? x : ops.dense(x, layer.residual);
    const packed = ops.dense(ops.layerNorm(x, layer.attentionNorm), layer.qkv);
    const [q, k, v] = graph.node('Split', [packed], 3, [graph.intAttribute('axis', 1)]);
    const queries = graph.node('Mul', [ops.splitHeads(q!, depth, [1, 0, 2]), graph.constant(Float32Array.of(layer.queryScale), [])])[0]!;
    const [scores] = graph.node('MatMul', [queries, ops.splitHeads(k!, depth, [1, 2, 0])]);
    const [probabilities] = graph.node('Softmax', [scores!], 1, [graph.intAttribute('axis', 2)]);
    const [mixed] = graph.node('MatMul', [probabilities!, ops.splitHeads(v!, depth, [1, 0, 2])]);
    const [byRow] = graph.node('Transpose', [mixed!], 1, [graph.intsAttribute('perm', [1, 0, 2])]);
    const [joined] = graph.node('Reshape', [byRow!, graph.constant(BigInt64Array.from([-1n, BigInt(width)]), [2])]);
    const attended = ops.add(ops.dense(joined!, layer.output), residual);
    const hidden = ops.dense(ops.layerNorm(attended, layer.ffnNorm), layer.conv1, true);
    if (index < weights.layers.length - 1) x = ops.add(ops.dense(hidden, layer.conv2), attended);
    else pooled = ops.add(ops.dense(ops.mean(hidden), layer.conv2), ops.mean(attended));
  });
  const [output] = graph.node('Tanh', [ops.dense(pooled, weights.hidden)]);
  const inputWidth = weights.layers[0]!.residual?.inputs ?? weights.layers[0]!.qkv.inputs;
  const model = pb.concat([
    pb.int(1, 8), // ir_version
    pb.text(2, 'tool-search'),
    pb.message(8, [pb.text(1, ''), pb.int(2, 17)]), // opset_import: ai.onnx 17
    pb.message(7, [
      ...nodes.map((node) => pb.bytes(1, node)),
      pb.text(2, 'universal_sentence_encoder_lite'),
      ...initializers.map((initializer) => pb.bytes(5, initializer)),
      pb.bytes(11, graph.valueInfo('rows', ['tokens', inputWidth])),
      pb.bytes(12, graph.valueInfo(output!, [1, weights.hidden.outputs])),
    ]),
  ]);

  const session = await ort.InferenceSession.create(model, { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all' });
  const empty = Float32Array.from(weights.hidden.bias, (value) => Math.tanh(value));
  weights.normalize(empty);
  return async (tokenIds) => {
    const input = weights.inputOf(tokenIds);
    if (input.rows === 0) return Float32Array.from(empty);
    const result = await session.run({ rows: new ort.Tensor('float32', input.values, [input.rows, input.width]) });
    return weights.normalize(Float32Array.from(result[output!].data as Float32Array));
  };
}
