/**
 * Issue 26's look at the held-out and blind sets: R@1 / R@5 of the words ranking per setting of search
 * options (words alone, + action/object, + server prior, both), on every held-out set the bench reports
 * (Seal-Tools test_in, BFCL, MetaTool, LiveMCPBench, the MCP request set's unseen servers and second
 * unseen set) and the blind npm set. Values are chosen on the tuning sets (tune-on-dev.ts) before this
 * runs; it is run once per round, and nothing is tuned on what it prints.
 * Usage: tsx bench/search/measure-signals.ts '<json list of SearchOptions>'
 */
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, loadMcpHeldOutSets } from './datasets/benchmark-sets.ts';
import { loadMcpRequests } from './datasets/load-mcp-requests.ts';
import { wordsRankerOf } from './prepare-dataset.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

const settings = JSON.parse(process.argv[2] ?? '[{}]') as SearchOptions[];
const dataRoot = resolveDataRoot();
const sets = [...loadHeldOutSets(dataRoot), ...loadMcpHeldOutSets(), loadMcpRequests('blind-npm')];
console.log(`| setting | ${sets.map((dataset) => dataset.name).join(' | ')} |`);
console.log(`| --- |${sets.map(() => ' ---: |').join('')}`);
for (const options of settings) {
  const cells = sets.map((dataset) => {
    const scores = measureRetrieval(wordsRankerOf(dataset, options), dataset.queries);
    return `${scores.recallAt1.toFixed(4)} / ${scores.recallAt5.toFixed(4)}`;
  });
  console.log(`| ${JSON.stringify(options)} | ${cells.join(' | ')} |`);
}
