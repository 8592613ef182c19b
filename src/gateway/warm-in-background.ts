import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import { messageOf } from '../errors/message-of.ts';
import { EmbeddingOutageError } from '../embeddings/with-backoff.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * Returns a function that embeds a tool list with `ranker.warm` without waiting for it, so that the
 * searches after the upstream tools (re)load find their vectors ready; searches meanwhile rank by
 * meaning over the tools already embedded, and by words. Each warm-up ends in one line on `log`: the
 * tools ready, or a warning (searches then embed on demand, or rank by words alone). It never throws
 * and never rejects. Overlapping calls are fine: the ranker shares one embedding per text.
 */
export function warmInBackground(ranker: SemanticRanker, log: (line: string) => void): (tools: readonly Tool[]) => void {
  return (tools) => {
    if (tools.length === 0) return;
    const started = performance.now();
    ranker.warm(tools).then(
      () =>
        log(
          `tool_search ranks by meaning over all ${tools.length} searchable tools (embedded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
        ),
      (error: unknown) => {
        // An endpoint's outage was told once already (withBackoff).
        if (error instanceof EmbeddingOutageError) return;
        log(
          `warning: could not embed ${tools.length} tools for tool_search's ranking by meaning (${messageOf(error)}); searches will retry, ranking by words alone meanwhile`,
        );
      },
    );
  };
}
