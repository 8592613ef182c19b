/**
 * Writes the words ranking of every quality data set the bench reads (held-out, MCP held-out and
 * tuning, in the bench's order) as JSON lines: per query, its set, its text and the top 10 as the
 * search returns them (name, toolset, score). The same ranking as `npm run bench -- quality`
 * measures for "Tool Search (ours)": one index built per catalog, each query asked
 * over the first catalog that holds it. Two runs of the same ranking give byte-identical files, so
 * `cmp` tells whether a change of the code changed any ranking or score.
 * Usage: tsx bench/search/write-rankings.ts FILE.jsonl
 */
import { writeFileSync } from 'node:fs';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchMatch } from '../../src/catalog/rank/search-match.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, loadMcpHeldOutSets, loadTuningSets } from './datasets/benchmark-sets.ts';
import { perQueryPart } from './prepare-dataset.ts';
import type { RetrievalDataset } from './retrieval-dataset.ts';

/** How many results of each query are written: the depth the bench's metrics read. */
const DEPTH = 10;

const file = process.argv[2];
if (file === undefined || process.argv.length > 3) {
  process.stderr.write('Usage: tsx bench/search/write-rankings.ts FILE.jsonl\n');
  process.exit(2);
}

const dataRoot = resolveDataRoot();
const datasets = [...loadHeldOutSets(dataRoot), ...loadMcpHeldOutSets(), ...loadTuningSets(dataRoot)];
const lines: string[] = [];
for (const dataset of datasets) {
  const rank = rankerOf(dataset);
  for (const query of dataset.queries) {
    const top = rank(query.text).map(({ tool, score }) => ({ name: tool.name, toolset: tool.toolset, score }));
    lines.push(JSON.stringify({ set: dataset.name, query: query.text, top }));
  }
  process.stderr.write(`  ${dataset.name}: ${dataset.queries.length} queries\n`);
}
writeFileSync(file, `${lines.join('\n')}\n`);
process.stderr.write(`Wrote ${lines.length} rankings to ${file}\n`);

/** The words ranking of `dataset`, each query over its own part's catalog as prepareDataset answers it. */
function rankerOf(dataset: RetrievalDataset): (query: string) => SearchMatch[] {
  const rankOf = perQueryPart(dataset, (tools) => {
    const index = buildSearchIndex(tools);
    return (query: string): SearchMatch[] => searchIndex(index, query, DEPTH);
  });
  return (query) => rankOf(query)(query);
}
