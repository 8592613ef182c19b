/**
 * Median build time of our index at 1,000 synthesized tools, for a quick check while tuning (the
 * reported numbers come from the search bench). Usage: tsx bench/search/time-build.ts '<json SearchOptions>'
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, speedToolPool } from './datasets/benchmark-sets.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';
import { summarizeTimings } from './timing-statistics.ts';

const dataRoot = resolveDataRoot();
// The speed bench's pool (speedToolPool reads only tools, never a query or an outcome).
const pool = speedToolPool(loadHeldOutSets(dataRoot), dataRoot);
const tools = synthesizeCatalog(pool, 1_000);
const options = JSON.parse(process.argv[2] ?? '{}') as SearchOptions;
for (let round = 0; round < 50; round++) buildSearchIndex(tools, options);
const times: number[] = [];
for (let round = 0; round < 400; round++) {
  const started = performance.now();
  buildSearchIndex(tools, options);
  times.push(performance.now() - started);
}
console.log(JSON.stringify(summarizeTimings(times)), JSON.stringify(options));
