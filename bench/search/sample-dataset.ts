import type { RetrievalDataset } from './retrieval-dataset.ts';
import { createSeededRandom, shuffled } from './seeded-random.ts';

/**
 * `dataset` with at most `count` of its queries, drawn by a seeded shuffle (the same every run), each
 * partition keeping only its drawn queries and the partitions left empty dropped. For `--quick`.
 */
export function sampleDataset(dataset: RetrievalDataset, count: number, seed = 5): RetrievalDataset {
  if (dataset.queries.length <= count) return dataset;
  const kept = new Set(shuffled(dataset.queries, createSeededRandom(seed)).slice(0, count));
  const queries = dataset.queries.filter((query) => kept.has(query));
  if (dataset.partitions === undefined) return { ...dataset, queries };
  const partitions = dataset.partitions
    .map((partition) => ({ tools: partition.tools, queries: partition.queries.filter((query) => kept.has(query)) }))
    .filter((partition) => partition.queries.length > 0);
  return { ...dataset, queries, partitions };
}
