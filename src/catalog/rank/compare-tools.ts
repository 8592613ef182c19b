import type { Tool } from '../../tools/tool.ts';

/** Name, then toolset, in code-unit order: the tie-break of every ranking. */
export function compareTools(left: Tool, right: Tool): number {
  return compareText(left.name, right.name) || compareText(left.toolset, right.toolset);
}

/** Code-unit order: the same on every machine and locale. */
export function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
