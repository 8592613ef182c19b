import type { Tool } from '../../../src/tools/tool.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';
import { createSeededRandom, shuffled } from '../seeded-random.ts';
import { loadBfcl } from './load-bfcl.ts';
import { loadBfclUnscored } from './load-bfcl-unscored.ts';
import { loadFunctionCalls } from './load-function-calls.ts';
import { loadHandWritten } from './load-hand-written.ts';
import { loadLiveMcpBench } from './load-live-mcp-bench.ts';
import { loadMcpRequests } from './load-mcp-requests.ts';
import { loadMetaTool } from './load-metatool.ts';
import { loadMetaToolMulti } from './load-metatool-multi.ts';
import { loadSealTools } from './load-seal-tools.ts';

/** The reported sets (issue 4): never tuned on. */
export function loadHeldOutSets(dataRoot: string): RetrievalDataset[] {
  return [loadSealTools(dataRoot, 'test_in_domain'), loadBfcl(dataRoot), loadMetaTool(dataRoot), loadLiveMcpBench(dataRoot)];
}

/** The only sets the defaults are tuned on (docs/search-quality.md says what each is). */
export function loadTuningSets(dataRoot: string): RetrievalDataset[] {
  return [
    loadSealTools(dataRoot, 'dev'),
    loadHandWritten(dataRoot),
    loadHandWritten(dataRoot, 'long'),
    loadMetaToolMulti(dataRoot),
    loadMetaTool(dataRoot, 'tuning'),
    loadFunctionCalls(dataRoot),
    loadBfclUnscored(dataRoot, 'authored'),
    loadBfclUnscored(dataRoot, 'live'),
    loadMcpRequests('tuning'),
    loadMcpRequests('everyday'),
  ];
}

/**
 * The held-out parts of the MCP request set (issue 14): servers and requests set aside before tuning,
 * and a second set written blind over 24 servers never used before. Reported beside the issue-4 sets,
 * and kept out of the speed bench's tools and queries.
 */
export function loadMcpHeldOutSets(): RetrievalDataset[] {
  return [loadMcpRequests('held-out'), loadMcpRequests('second-unseen')];
}

/** Queries sampled (seeded) from the held-out sets to time searches with. */
const SPEED_QUERY_COUNT = 400;

/** The speed bench's queries: the same seeded sample of the held-out sets' query texts wherever searches are timed. */
export function speedQueries(heldOut: readonly RetrievalDataset[]): string[] {
  return shuffled(
    heldOut.flatMap((dataset) => dataset.queries.map((query) => query.text)),
    createSeededRandom(11),
  ).slice(0, SPEED_QUERY_COUNT);
}

/**
 * The real tools the speed bench synthesizes its catalogs from: every held-out catalog plus the MCP
 * servers' tools. Only tools are read from these sets, never a query or an outcome.
 */
export function speedToolPool(heldOut: readonly RetrievalDataset[], dataRoot: string): Tool[] {
  return [...heldOut, loadHandWritten(dataRoot)].flatMap((dataset) => dataset.tools);
}
