import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import type { Tool } from '../../src/tools/tool.ts';
import type { Ranker, RankQuery } from './ranker.ts';
import type { RetrievalDataset } from './retrieval-dataset.ts';

/**
 * `ranker` prepared for every catalog of `dataset`: one rank function that answers each query over
 * its own part's catalog (a data set of partitions), or over `dataset.tools`. A query text asked in
 * two parts is answered over the first.
 */
export async function prepareDataset(ranker: Ranker, dataset: RetrievalDataset): Promise<RankQuery> {
  const partitions = dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }];
  const byText = new Map<string, RankQuery>();
  for (const partition of partitions) {
    const rank = await ranker.prepare(
      partition.tools,
      partition.queries.map((query) => query.text),
    );
    for (const query of partition.queries) if (!byText.has(query.text)) byText.set(query.text, rank);
  }
  return (query, limit) => {
    const rank = byText.get(query);
    if (rank === undefined) throw new Error(`No catalog prepared for the query "${query}"`);
    return rank(query, limit);
  };
}

/**
 * Each query text of `dataset` -> what `prepare` made of its own part's catalog (a data set of
 * partitions), or of `dataset.tools`; prepared once per part, and a text asked in two parts answered
 * over the first, as prepareDataset does. Throws for a text of no part.
 */
export function perQueryPart<T>(dataset: RetrievalDataset, prepare: (tools: readonly Tool[]) => T): (query: string) => T {
  const byText = new Map<string, T>();
  for (const partition of dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }]) {
    const prepared = prepare(partition.tools);
    for (const query of partition.queries) if (!byText.has(query.text)) byText.set(query.text, prepared);
  }
  return (query) => {
    if (!byText.has(query)) throw new Error(`No catalog prepared for the query "${query}"`);
    return byText.get(query)!;
  };
}

/** The words ranking with `options` over each catalog of `dataset` (perQueryPart). */
export function wordsRankerOf(dataset: RetrievalDataset, options: SearchOptions = {}): RankQuery {
  const rankOf = perQueryPart(dataset, (tools): RankQuery => {
    const index = buildSearchIndex(tools, options);
    return (query, limit) => searchIndex(index, query, limit).map((match) => match.tool);
  });
  return (query, limit) => rankOf(query)(query, limit);
}
