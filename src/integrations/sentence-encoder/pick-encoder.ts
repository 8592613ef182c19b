/** Embeds one text: synchronously (the eager encoder) or not (ONNX Runtime, the graph). */
export type EmbedOne = (text: string) => Float32Array | Promise<Float32Array>;

/** A faster way to compute the graph's vectors, tried in order. */
export interface EncoderCandidate {
  /** Its name, as the encoder reports it (SentenceEncoder.engine). */
  readonly engine: string;
  /** Makes it; may throw (a package missing, a weight it looks for not in the graph). */
  create(): EmbedOne | Promise<EmbedOne>;
}

/** What pickEncoder chose, and why each candidate before it was passed over (`engine: reason`). */
export interface PickedEncoder {
  readonly engine: string;
  readonly embed: EmbedOne;
  readonly passedOver: readonly string[];
}

/**
 * The first candidate that reproduces the graph on `probe` (every component within `tolerance`), else
 * the graph itself (engine `graph`): a candidate that cannot be made, fails, or gives other vectors
 * makes search by meaning slower, never wrong.
 *
 * Self-contained (no module-scope names, no named inner functions), because the encoder worker injects
 * its source with `pickEncoder.toString()`.
 */
export async function pickEncoder(
  candidates: readonly EncoderCandidate[],
  byGraph: (text: string) => Promise<Float32Array>,
  probe: string,
  tolerance = 1e-4,
): Promise<PickedEncoder> {
  let reference: Float32Array | undefined;
  const passedOver: string[] = [];
  for (const candidate of candidates) {
    try {
      const embed = await candidate.create();
      const fast = await embed(probe);
      reference ??= await byGraph(probe);
      const expected = reference;
      if (fast.length === expected.length && fast.every((value, index) => Math.abs(value - expected[index]!) <= tolerance)) {
        return { engine: candidate.engine, embed, passedOver };
      }
      passedOver.push(`${candidate.engine}: its vectors differ from the graph's`);
    } catch (error) {
      // Not this one: the next, or the graph itself.
      passedOver.push(`${candidate.engine}: ${String((error && (error as Error).message) || error).split('\n')[0]}`);
    }
  }
  return { engine: 'graph', embed: byGraph, passedOver };
}
