import { buildSearchIndex } from './build-search-index.ts';
import type { SearchOptions } from './search-options.ts';
import { searchIndex, type SearchMatch } from './search-tools.ts';
import type { SemanticRanker } from './semantic-ranker.ts';

/**
 * {@link searchTools} with the words-based ranking fused with `ranker`'s ranking by meaning. When the
 * ranker fails or has no vectors within its timeout, the search ranks by words alone (the failure goes
 * to the ranker's onError) rather than failing: a search result is never lost to the embedder.
 */
export async function searchToolsByMeaning(
  tools: Parameters<typeof buildSearchIndex>[0],
  query: string,
  limit: number,
  ranker: SemanticRanker,
  options?: SearchOptions,
): Promise<SearchMatch[]> {
  const index = buildSearchIndex(tools, options);
  if (limit <= 0 || index.tools.length === 0 || ranker.weight === 0) return searchIndex(index, query, limit);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no vectors within ${ranker.timeoutMs} ms; ranked by words alone`)), ranker.timeoutMs);
  });
  try {
    const documents = await Promise.race([ranker.rank(index.tools, query), timeout]);
    return searchIndex(index, query, limit, { documents, weight: ranker.weight, wordsLeadRatio: ranker.wordsLeadRatio });
  } catch (error) {
    ranker.reportError(error instanceof Error ? error : new Error(String(error)));
    return searchIndex(index, query, limit);
  } finally {
    clearTimeout(timer);
  }
}
