import type { SearchIndex } from '../index/search-index.ts';
import { READING_ACTIONS, readAction, type CanonicalAction } from '../query/read-action.ts';
import { analyzeTokens } from '../text/analyze-tokens.ts';
import { tokenize } from '../text/tokenize.ts';
import { originalNameOf, type Tool } from '../../tools/tool.ts';
import { selectTop } from './select-top.ts';

/** How many of the best-scored documents are weighed: this many times the depth, at least the minimum. */
const POOL_FACTOR = 4;
const POOL_MINIMUM = 30;

/**
 * The action a tool's name says (readAction of its own name's terms: `create_refund` is `create`,
 * `kubectl_get` is `get`), undefined when its name says none. The tool's upstream name, so that a
 * server prefix (`mcp_github_`) never reads as an action.
 */
export function toolActionOf(tool: Tool, stems: Map<string, string>): CanonicalAction | undefined {
  return readAction(analyzeTokens(tokenize(originalNameOf(tool)), stems));
}

/**
 * How a request's action and a tool's agree: 1 when they are the same, -1 when they contradict (they
 * differ and at least one of them changes something: "delete" asked, `create_*` offered; two actions
 * that only read never contradict), 0 when either says none.
 */
export function actionAgreement(asked: CanonicalAction | undefined, offered: CanonicalAction | undefined): -1 | 0 | 1 {
  if (asked === undefined || offered === undefined) return 0;
  if (asked === offered) return 1;
  return READING_ACTIONS.has(asked) && READING_ACTIONS.has(offered) ? 0 : -1;
}

/**
 * Multiplies into `scores` the agreement of `asked` (AnalyzedQuery.action) with each tool's action,
 * for the best max(4 x depth, 30) scored documents only (the rest are below any place the agreement
 * could change): x (1 + actionWeight) when they agree, x (1 - actionWeight) when they contradict.
 * Does nothing when the weight is 0 or the request says no action. Never makes a zero score positive,
 * so nothing the words did not match is added.
 */
export function weighActionAgreement(index: SearchIndex, scores: Float64Array, asked: CanonicalAction | undefined, depth: number): void {
  const weight = index.options.actionWeight;
  if (weight === 0 || asked === undefined) return;
  const stems = new Map<string, string>();
  for (const document of selectTop(index.tools, scores, Math.max(depth * POOL_FACTOR, POOL_MINIMUM))) {
    const agreement = actionAgreement(asked, toolActionOf(index.tools[document]!, stems));
    if (agreement !== 0) scores[document]! *= 1 + agreement * weight;
  }
}
