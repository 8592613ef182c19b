import type { Tool } from '../../tools/tool.ts';

/** One ranked search result. */
export interface SearchMatch {
  readonly tool: Tool;
  /** Relevance score, higher is better; 0 for a match found by the tool-name substring fallback. */
  readonly score: number;
}
