import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import { firstLineOf } from '../errors/message-of.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { loadSentenceEncoder } from '../integrations/sentence-encoder/index.ts';
import { UsageError } from './usage-error.ts';

/**
 * Loads the local sentence encoder (offline, about a second) and wraps it in a ranker for tool_search
 * that keeps the words ranking's first two tools in place.
 * Tool vectors are kept between runs in defaultCacheDirectory() (one warning through `warn` if it
 * cannot be used), so that a restart embeds only tools it has never seen.
 * `asked` names what asked for it (`--semantic`, or the config key) so that a failure says what to
 * undo. Missing packages become a one-line UsageError with the npm command (exit 2); any other load
 * failure an Error with one line of context. `warn` receives one line per failed or timed-out
 * embedding, after which that search ranks by words alone. `engine` says what computes the vectors,
 * and `passedOver` why a faster engine did not (SentenceEncoder). The ranker's and the encoder's modules
 * are imported here, when asked for, so that a search by words does not pay for loading them.
 */
export async function loadSemanticRanker(
  asked: string,
  warn: (line: string) => void,
): Promise<{ readonly ranker: SemanticRanker; readonly engine: string; readonly passedOver: readonly string[] }> {
  const [{ createSemanticRanker }, { defaultCacheDirectory, loadSentenceEncoder }] = await Promise.all([
    import('../catalog/meaning/semantic-ranker.ts'),
    import('../integrations/sentence-encoder/index.ts'),
  ]);
  let encoder: Awaited<ReturnType<typeof loadSentenceEncoder>>;
  try {
    encoder = await loadSentenceEncoder({ cacheDirectory: defaultCacheDirectory(), onWarning: warn });
  } catch (error) {
    if (error instanceof ToolSearchError) throw new UsageError(`${asked}: ${firstLineOf(error)}; or drop ${asked} to rank by words alone`);
    throw new Error(`${asked}: could not load the sentence encoder: ${firstLineOf(error)}`);
  }
  const ranker = createSemanticRanker(encoder, {
    // The CLI and gateway front MCP servers, whose many tools of one server the encoder tells apart
    // worse than words do: meaning fills the places after the words ranking's first two
    // (docs/search-quality.md: better at R@1 and R@5 on every MCP tuning set).
    keepWordsFirst: 2,
    onError: (error) => warn(`warning: ranking by meaning failed, ranked by words alone: ${error.message}`),
  });
  return { ranker, engine: encoder.engine, passedOver: encoder.passedOver };
}
