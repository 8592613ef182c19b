import type { Tool } from '../../tools/tool.ts';

/**
 * The documents with the `limit` highest positive scores, best first; equal scores ordered by tool name,
 * then toolset, so the order never depends on the input order. One pass with a small sorted buffer, no
 * sort of the whole catalog.
 */
export function selectTop(tools: readonly Tool[], scores: Float64Array, limit: number): number[] {
  const top: number[] = [];
  if (limit <= 0) return top;
  for (let document = 0; document < scores.length; document++) {
    const score = scores[document]!;
    if (!(score > 0)) continue;
    if (top.length === limit && !ranksBefore(tools, scores, document, top[top.length - 1]!)) continue;
    let position = top.length === limit ? top.length - 1 : top.length;
    while (position > 0 && ranksBefore(tools, scores, document, top[position - 1]!)) {
      top[position] = top[position - 1]!;
      position--;
    }
    top[position] = document;
  }
  return top;
}

function ranksBefore(tools: readonly Tool[], scores: Float64Array, left: number, right: number): boolean {
  const difference = scores[left]! - scores[right]!;
  if (difference !== 0) return difference > 0;
  const leftTool = tools[left]!;
  const rightTool = tools[right]!;
  if (leftTool.name !== rightTool.name) return leftTool.name < rightTool.name;
  return leftTool.toolset < rightTool.toolset;
}
