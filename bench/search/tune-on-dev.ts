/**
 * Grid search over search options on the tuning sets only: Seal-Tools dev, the hand-written MCP
 * queries (short and long), MetaTool's two-tool split and a tenth of MetaTool's single-tool queries
 * disjoint from the reported tenth, function-calling requests written over BFCL's tools, and BFCL's own
 * unscored requests (authored and live) labelled over its catalog. Prints one line per setting (per set R@1 R@5 R@10 MRR, then the
 * balance: (R@1 + R@5) / 2 averaged over the sets); never touches a held-out set. Usage: tsx bench/search/tune-on-dev.ts '<json list of SearchOptions>'
 */
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadTuningSets } from './datasets/benchmark-sets.ts';
import { wordsRankerOf } from './prepare-dataset.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

const dataRoot = resolveDataRoot();
// An optional second argument keeps only the sets whose name contains it ("MCP requests").
const only = process.argv[3];
const tuningSets = loadTuningSets(dataRoot).filter((dataset) => only === undefined || dataset.name.includes(only));
const settings = JSON.parse(process.argv[2] ?? '[{}]') as SearchOptions[];
for (const options of settings) {
  let balance = 0;
  const cells = tuningSets.map((dataset) => {
    const rank = wordsRankerOf(dataset, options);
    const scores = measureRetrieval(rank, dataset.queries);
    balance += (scores.recallAt1 + scores.recallAt5) / 2 / tuningSets.length;
    return [scores.recallAt1, scores.recallAt5, scores.recallAt10, scores.meanReciprocalRank].map((value) => value.toFixed(3)).join(' ');
  });
  // One number to compare settings by: (R@1 + R@5) / 2, averaged over the sets, each set counting alike.
  console.log(cells.join(' | '), `| balance ${balance.toFixed(4)}`, JSON.stringify(options));
}
