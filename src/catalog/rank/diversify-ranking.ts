import type { Tool } from '../../tools/tool.ts';

/**
 * Re-ranks `candidates` (best first by `scores`) so that a query asking for several things gets a tool
 * for each: greedily, each next tool is the one with the best score once every query term's part of it
 * is multiplied by `discount ^ (tools already picked that contain the term)`. With discount 1 the order
 * is unchanged, and the first pick is always the best-scoring candidate. `terms` gives each term's
 * part of `scores`, document by document.
 */
export function diversifyRanking(
  tools: readonly Tool[],
  scores: Float64Array,
  candidates: readonly number[],
  terms: readonly TermContribution[],
  discount: number,
  limit: number,
): number[] {
  if (discount >= 1 || candidates.length <= 1 || terms.length <= 1) return candidates.slice(0, limit);
  const slot = new Int32Array(scores.length).fill(-1);
  candidates.forEach((document, position) => (slot[document] = position));
  const termCount = terms.length;
  const matrix = new Float64Array(candidates.length * termCount);
  const totals = new Float64Array(candidates.length);
  terms.forEach((term, termIndex) => {
    term.forEachDocument((document, value) => {
      const candidate = slot[document]!;
      if (candidate < 0) return;
      matrix[candidate * termCount + termIndex] = value;
      totals[candidate]! += value;
    });
  });
  const factors = new Float64Array(termCount).fill(1);
  const picked = new Uint8Array(candidates.length);
  const result: number[] = [];
  while (result.length < limit && result.length < candidates.length) {
    let best = -1;
    let bestValue = -1;
    for (let candidate = 0; candidate < candidates.length; candidate++) {
      if (picked[candidate] === 1) continue;
      let discounted = 0;
      for (let termIndex = 0; termIndex < termCount; termIndex++)
        discounted += matrix[candidate * termCount + termIndex]! * factors[termIndex]!;
      // Scaled to the candidate's own score, so that whatever else went into it (coordination) still counts.
      const total = totals[candidate]!;
      const value = total === 0 ? 0 : (scores[candidates[candidate]!]! * discounted) / total;
      if (value > bestValue || (value === bestValue && best >= 0 && ranksBefore(tools, candidates[candidate]!, candidates[best]!))) {
        best = candidate;
        bestValue = value;
      }
    }
    if (best < 0) break;
    picked[best] = 1;
    result.push(candidates[best]!);
    for (let termIndex = 0; termIndex < termCount; termIndex++) {
      if (matrix[best * termCount + termIndex]! > 0) factors[termIndex]! *= discount;
    }
  }
  return result;
}

/** One query term as the diversifier sees it. */
export interface TermContribution {
  /** Calls `visit` with every document containing the term and the term's part of its score. */
  readonly forEachDocument: (visit: (document: number, score: number) => void) => void;
}

function ranksBefore(tools: readonly Tool[], left: number, right: number): boolean {
  const leftTool = tools[left]!;
  const rightTool = tools[right]!;
  if (leftTool.name !== rightTool.name) return leftTool.name < rightTool.name;
  return leftTool.toolset < rightTool.toolset;
}
