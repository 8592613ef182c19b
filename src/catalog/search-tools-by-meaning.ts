import type { Tool } from '../tools/tool.ts';
import { cachedSearchIndex } from './index/search-index-cache.ts';
import type { SearchIndex } from './index/search-index.ts';
import type { SearchOptions } from './index/search-options.ts';
import { fuseWithMeaning } from './meaning/fuse-with-meaning.ts';
import type { SemanticRanker } from './meaning/semantic-ranker.ts';
import { analyzeQuery, type AnalyzedQuery } from './query/analyze-query.ts';
import type { SearchMatch } from './rank/search-match.ts';
import { rankByWords, searchIndex } from './search-tools.ts';

/**
 * {@link searchTools} with the words-based ranking fused with `ranker`'s ranking by meaning, for the
 * queries the ranker applies to (SemanticRanker.appliesTo; the others rank by words alone). When the
 * ranker fails or has no vectors within its timeout, the search ranks by words alone (the failure goes
 * to the ranker's onError) rather than failing: a search result is never lost to the embedder.
 */
export function searchToolsByMeaning(
  tools: readonly Tool[],
  query: string | AnalyzedQuery,
  limit: number,
  ranker: SemanticRanker,
  options?: SearchOptions,
): Promise<SearchMatch[]> {
  // Only the beginning of a long query is read, and embedded (boundQuery, in analyzeQuery).
  const analyzed = typeof query === 'string' ? analyzeQuery(query) : query;
  // The query embeds while the index is built: at 10,000 tools the build takes longer than the embedding.
  if (limit > 0 && tools.length > 0 && ranker.appliesTo(analyzed)) ranker.embedAhead(analyzed.text);
  return searchIndexByMeaning(cachedSearchIndex(tools, options), analyzed, limit, ranker);
}

/**
 * {@link searchToolsByMeaning} over an index built beforehand. The query is sent to the embedder
 * before the words-based ranking is computed, so that the two overlap.
 */
export async function searchIndexByMeaning(
  index: SearchIndex,
  query: string | AnalyzedQuery,
  limit: number,
  ranker: SemanticRanker,
): Promise<SearchMatch[]> {
  const analyzed = typeof query === 'string' ? analyzeQuery(query) : query;
  if (limit <= 0 || index.tools.length === 0 || !ranker.appliesTo(analyzed)) return searchIndex(index, analyzed, limit);
  const byMeaning = ranker.rank(index.tools, analyzed.text);
  // Read below, or dropped when words alone decide; never an unhandled rejection.
  byMeaning.catch(() => undefined);
  const words = rankByWords(index, analyzed, limit, Math.min(ranker.depth, index.tools.length));
  if ('matches' in words) return words.matches;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no vectors within ${ranker.timeoutMs} ms; ranked by words alone`)), ranker.timeoutMs);
  });
  try {
    const { documents, coverage } = await Promise.race([byMeaning, timeout]);
    // A ranking over part of the catalog (a warm-up under way) counts by the share it covers.
    return fuseWithMeaning(words, {
      documents,
      weight: ranker.weight * coverage,
      wordsLeadRatio: ranker.wordsLeadRatio,
      keepWordsFirst: ranker.keepWordsFirst,
      ...(ranker.agreement === undefined ? {} : { agreement: ranker.agreement }),
    });
  } catch (error) {
    ranker.reportError(error instanceof Error ? error : new Error(String(error)));
    // Ranked anew rather than from `words`: that ranking went deeper, for the fusion, and a search by
    // words alone must match searchTools exactly.
    return searchIndex(index, analyzed, limit);
  } finally {
    clearTimeout(timer);
  }
}
