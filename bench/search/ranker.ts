import type { Tool } from '../../src/tools/tool.ts';

/** Ranks a prepared catalog for one query: the best `limit` tools, best first. */
export type RankQuery = (query: string, limit: number) => readonly Tool[];

/** A retrieval method under test: builds whatever it needs from a catalog once, then answers queries. */
export interface Ranker {
  /** Label used in the report table. */
  readonly name: string;
  readonly prepare: (tools: readonly Tool[]) => RankQuery;
}
