/**
 * Lists the requests of a tuning set whose gold tool is not first, with the gold's rank and the
 * first three results, for the words ranking with the given options. Never loads a held-out set.
 * `--pack` ranks with the shipped request pack attached as createRequestSources attaches it
 * (situational requests where every tool has some, else balanced), as measure-requests' *pack* does.
 * Usage: tsx bench/search/list-misses.ts [--pack] '<json SearchOptions>' [set name part, default "MCP requests"]
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadTuningSets } from './datasets/benchmark-sets.ts';
import { attachAsSourcesDo, packCoverage } from './requests-conditions.ts';

const argv = process.argv.slice(2);
const withPack = argv.includes('--pack');
const [optionsText, wantedText] = argv.filter((argument) => argument !== '--pack');
const options = JSON.parse(optionsText ?? '{}') as SearchOptions;
const wanted = wantedText ?? 'MCP requests';
const pack = withPack ? loadRequestPack() : undefined;

/** The catalog as ranked: with the pack's requests and balancing when `--pack`, else as it is. */
function catalogOf(tools: readonly Tool[]): readonly Tool[] {
  if (pack === undefined) return tools;
  const coverage = packCoverage(tools, pack);
  const connected = new Set([...new Set(tools.map((tool) => tool.toolset))].flatMap((toolset) => coverage.packIdOf(toolset) ?? []));
  return attachAsSourcesDo(tools, coverage.requestsOf, coverage.situationalOf, () => pack.lenders(connected));
}

for (const dataset of loadTuningSets(resolveDataRoot()).filter((set) => set.name.includes(wanted))) {
  for (const partition of dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }]) {
    const index = buildSearchIndex(catalogOf(partition.tools), options);
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
