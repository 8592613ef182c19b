import { prepareDataset } from './prepare-dataset.ts';
import type { Ranker } from './ranker.ts';
import type { RetrievalDataset } from './retrieval-dataset.ts';
import { measureRetrieval, type RetrievalScores } from './retrieval-metrics.ts';

/** One cell group of the quality table: a ranker on a data set. */
export interface QualityRow {
  readonly dataset: string;
  readonly split: RetrievalDataset['split'];
  readonly tools: number;
  readonly ranker: string;
  readonly scores: RetrievalScores;
}

/** Runs every ranker on every data set, printing progress to stderr. */
export async function measureQuality(datasets: readonly RetrievalDataset[], rankers: readonly Ranker[]): Promise<QualityRow[]> {
  const rows: QualityRow[] = [];
  for (const dataset of datasets) {
    for (const ranker of rankers) {
      const started = performance.now();
      const rank = await prepareDataset(ranker, dataset);
      const scores = measureRetrieval(rank, dataset.queries);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stderr.write(`  ${dataset.name} / ${ranker.name}: R@5 ${scores.recallAt5.toFixed(3)} (${seconds} s)\n`);
      rows.push({ dataset: dataset.name, split: dataset.split, tools: dataset.tools.length, ranker: ranker.name, scores });
    }
  }
  return rows;
}
