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
