/** Embeds one text: synchronously (the eager encoder) or not (the graph). */
export type EmbedOne = (text: string) => Float32Array | Promise<Float32Array>;

/**
 * The eager encoder when it reproduces the graph on `probe` (every component within `tolerance`), else
 * the graph itself: a model package whose graph the eager encoder does not know makes search by meaning
 * slower, never wrong. `createEager` may throw (a weight it looks for is missing), which also means the
 * graph.
 *
 * Self-contained (no module-scope names, no named inner functions), because the encoder worker injects
 * its source with `pickEncoder.toString()`.
 */
export async function pickEncoder(createEager: () => EmbedOne, byGraph: (text: string) => Promise<Float32Array>, probe: string, tolerance = 1e-4): Promise<EmbedOne> {
  try {
    const eager = createEager();
    const fast = await eager(probe);
    const reference = await byGraph(probe);
    if (fast.length === reference.length && fast.every((value, index) => Math.abs(value - reference[index]!) <= tolerance)) return eager;
  } catch {
    // Not this graph: the graph itself embeds.
  }
  return byGraph;
}
