/**
 * The whole-process and session timings of the bench (measureProcessSpeed) alone, with the bench's own
 * inputs: Seal-Tools test_in's catalog and 700 queries, and the speed pool and queries at 10,000 tools.
 * Runs the built code (dist/): `npm run build` first. For checking a change against the speed targets
 * without the whole bench. Usage: tsx bench/search/measure-process-speed-alone.ts
 */
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, speedQueries, speedToolPool } from './datasets/benchmark-sets.ts';
import { measureProcessSpeed } from './measure-process-speed.ts';

const dataRoot = resolveDataRoot();
const heldOut = loadHeldOutSets(dataRoot);
const pool = speedToolPool(heldOut, dataRoot);
const queries = speedQueries(heldOut);
const seal = heldOut.find((dataset) => dataset.name === 'Seal-Tools test_in')!;
const speed = await measureProcessSpeed(
  seal.tools,
  seal.queries.map((query) => query.text),
  pool,
  queries,
);
const ratio = speed.queriesProcess.medianMs / speed.miniSearchQueriesProcess.medianMs;
console.log(
  `700 queries ${speed.queriesProcess.medianMs.toFixed(0)} ms, MiniSearch ${speed.miniSearchQueriesProcess.medianMs.toFixed(0)} ms (${ratio.toFixed(3)}x); session tool_search at ${speed.sessionTools} tools ${speed.sessionSearch.medianMs.toFixed(3)} ms median`,
);
