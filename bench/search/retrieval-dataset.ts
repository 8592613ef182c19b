import type { Tool } from '../../src/tools/tool.ts';

/** One query with the names of the tools that answer it. */
export interface RetrievalQuery {
  readonly text: string;
  /** Distinct gold tool names, compared with each retrieved tool's original name. */
  readonly gold: readonly string[];
  /**
   * For a gold name, other tool names that serve the same need equally well (near-duplicate tools of
   * one catalog); retrieving any of them counts as retrieving that gold tool.
   */
  readonly alternatives?: Readonly<Record<string, readonly string[]>>;
  /**
   * When true, gold and alternative names are `toolset/original name` (for example
   * `mcp-github/create_pull_request`), so that a tool of the same name on another server is no hit.
   */
  readonly qualified?: boolean;
}

/** A catalog and the queries that are asked over it (one part of a data set of several catalogs). */
export interface RetrievalPartition {
  readonly tools: readonly Tool[];
  readonly queries: readonly RetrievalQuery[];
}

/** A catalog of tools plus queries with gold tools, loaded from one public data set. */
export interface RetrievalDataset {
  /** Short label used in the report table. */
  readonly name: string;
  /** Whether tuning was allowed on it (only Seal-Tools dev); held-out sets are reported, never tuned on. */
  readonly split: 'tuning' | 'held-out';
  readonly tools: readonly Tool[];
  readonly queries: readonly RetrievalQuery[];
  /**
   * When present, each query is asked over its own part's catalog instead of `tools` (which is then the
   * shared part's, for the report); `queries` is every part's queries in order.
   */
  readonly partitions?: readonly RetrievalPartition[];
}
