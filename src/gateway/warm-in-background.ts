import type { SemanticRanker } from '../catalog/semantic-ranker.ts';
import { messageOf } from '../errors/message-of.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Returns a function that embeds a tool list with `ranker.warm` without waiting for it, so that the
 * first tool_search after the upstream tools (re)load finds their vectors ready instead of spending
 * its timeout on them. It never throws and never rejects: a failure is one warning line on `log`
 * (searches then embed on demand, or rank by words alone). Overlapping calls are fine: the ranker
 * shares one embedding per text.
 */
export function warmInBackground(ranker: SemanticRanker, log: (line: string) => void): (tools: readonly Tool[]) => void {
  return (tools) => {
    if (tools.length === 0) return;
    void ranker.warm(tools).catch((error: unknown) => {
      log(`warning: could not embed ${tools.length} tools for tool_search's ranking by meaning (${messageOf(error)}); searches will retry, ranking by words alone meanwhile`);
    });
  };
}
