/**
 * Grid search over search options on the tuning sets only: Seal-Tools dev, the hand-written MCP
 * queries (short and long), MetaTool's two-tool split and a tenth of MetaTool's single-tool queries
 * disjoint from the reported tenth. Prints one line per setting; never touches a held-out set. Usage: tsx bench/search/tune-on-dev.ts '<json list of SearchOptions>'
 */
import { buildSearchIndex } from '../../src/catalog/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHandWritten } from './datasets/load-hand-written.ts';
import { loadMetaTool } from './datasets/load-metatool.ts';
import { loadMetaToolMulti } from './datasets/load-metatool-multi.ts';
import { loadSealTools } from './datasets/load-seal-tools.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

const dataRoot = resolveDataRoot();
const tuningSets = [loadSealTools(dataRoot, 'dev'), loadHandWritten(dataRoot), loadHandWritten(dataRoot, 'long'), loadMetaToolMulti(dataRoot), loadMetaTool(dataRoot, 'tuning')];
const settings = JSON.parse(process.argv[2] ?? '[{}]') as SearchOptions[];
for (const options of settings) {
  const cells = tuningSets.map((dataset) => {
    const index = buildSearchIndex(dataset.tools, options);
    const rank = (query: string, limit: number) => searchIndex(index, query, limit).map((match) => match.tool);
    const scores = measureRetrieval(rank, dataset.queries);
    return [scores.recallAt1, scores.recallAt5, scores.recallAt10, scores.meanReciprocalRank].map((value) => value.toFixed(3)).join(' ');
  });
  console.log(cells.join(' | '), JSON.stringify(options));
}
