import type { Tool } from '../../src/tools/tool.ts';
import { originalNameOf } from '../../src/tools/tool.ts';
import type { RankQuery } from './ranker.ts';
import type { RetrievalQuery } from './retrieval-dataset.ts';

/** Cut-offs reported as recall@k. */
export const RECALL_CUTOFFS = [1, 5, 10] as const;

/** Mean retrieval quality over a query set. */
export interface RetrievalScores {
  /** Share of a query's gold tools found in the top 1 / 5 / 10, averaged over queries. */
  readonly recallAt1: number;
  readonly recallAt5: number;
  readonly recallAt10: number;
  /** Mean reciprocal rank of the first gold tool within the top 10 (0 when none is there). */
  readonly meanReciprocalRank: number;
  readonly queries: number;
}

/** Scores `rank` on `queries`; a retrieved tool is a hit when its original name is a gold name. */
export function measureRetrieval(rank: RankQuery, queries: readonly RetrievalQuery[]): RetrievalScores {
  const depth = RECALL_CUTOFFS[RECALL_CUTOFFS.length - 1]!;
  const sums = [0, 0, 0];
  let reciprocalRanks = 0;
  for (const query of queries) {
    const retrieved = rank(query.text, depth);
    const gold = goldByName(query);
    const key = query.qualified === true ? qualifiedName : originalNameOf;
    const goldCount = new Set(query.gold).size;
    RECALL_CUTOFFS.forEach((cutoff, position) => {
      sums[position]! += countGold(retrieved.slice(0, cutoff), gold, key) / goldCount;
    });
    const first = retrieved.findIndex((tool) => gold.has(key(tool)));
    if (first >= 0) reciprocalRanks += 1 / (first + 1);
  }
  const count = Math.max(1, queries.length);
  return {
    recallAt1: sums[0]! / count,
    recallAt5: sums[1]! / count,
    recallAt10: sums[2]! / count,
    meanReciprocalRank: reciprocalRanks / count,
    queries: queries.length,
  };
}

/** Tool name -> the gold name it counts as: each gold name itself, and its alternatives. */
function goldByName(query: RetrievalQuery): ReadonlyMap<string, string> {
  const gold = new Map<string, string>();
  for (const name of query.gold) {
    for (const alternative of query.alternatives?.[name] ?? []) if (!gold.has(alternative)) gold.set(alternative, name);
  }
  for (const name of query.gold) gold.set(name, name);
  return gold;
}

/** Distinct gold tools among `retrieved` (two entries that count as one gold tool count once). */
function countGold(retrieved: readonly Tool[], gold: ReadonlyMap<string, string>, key: (tool: Tool) => string): number {
  const found = new Set<string>();
  for (const tool of retrieved) {
    const counted = gold.get(key(tool));
    if (counted !== undefined) found.add(counted);
  }
  return found.size;
}

/** `toolset/original name`: how a {@link RetrievalQuery.qualified} query names its gold tools. */
function qualifiedName(tool: Tool): string {
  return `${tool.toolset}/${originalNameOf(tool)}`;
}
