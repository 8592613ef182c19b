/**
 * Lists the requests of a tuning set whose gold tool is not first, with the gold's rank and the
 * first three results, for the words ranking with the given options. Never loads a held-out set.
 * Usage: tsx bench/search/list-misses.ts '<json SearchOptions>' [set name part, default "MCP requests"]
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { originalNameOf } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadTuningSets } from './datasets/benchmark-sets.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as SearchOptions;
const wanted = process.argv[3] ?? 'MCP requests';
for (const dataset of loadTuningSets(resolveDataRoot()).filter((set) => set.name.includes(wanted))) {
  for (const partition of dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }]) {
    const index = buildSearchIndex(partition.tools, options);
    for (const query of partition.queries) {
      const found = searchIndex(index, query.text, 10).map((match) => match.tool);
      const key = (tool: (typeof found)[number]) =>
        query.qualified === true ? `${tool.toolset}/${originalNameOf(tool)}` : originalNameOf(tool);
      const gold = new Set(query.gold.flatMap((name) => [name, ...(query.alternatives?.[name] ?? [])]));
      const rank = found.findIndex((tool) => gold.has(key(tool)));
      if (rank === 0) continue;
      console.log(`${rank < 0 ? '-' : rank + 1}\t${query.text}\t[${query.gold.join(',')}]\t${found.slice(0, 3).map(key).join(' ')}`);
    }
  }
}
