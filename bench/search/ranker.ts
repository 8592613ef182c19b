import type { Tool } from '../../src/tools/tool.ts';

/** Ranks a prepared catalog for one query: the best `limit` tools, best first. */
export type RankQuery = (query: string, limit: number) => readonly Tool[];

/**
 * A retrieval method under test: builds whatever it needs from a catalog once, then answers queries.
 * `queries` are the texts it will be asked, for a method that must prepare each one asynchronously
 * (embedding it); a words-only ranker ignores them.
 */
export interface Ranker {
  /** Label used in the report table. */
  readonly name: string;
  readonly prepare: (tools: readonly Tool[], queries: readonly string[]) => RankQuery | Promise<RankQuery>;
}
