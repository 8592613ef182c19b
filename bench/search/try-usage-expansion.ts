/**
 * An experiment on the tuning sets only: each tool's text expanded with earlier requests that led to
 * it, as a gateway could learn them from its own activity log (a search, then a call of a tool it
 * found), measured on other requests over the same servers. `history` and `target` are two tuning
 * sets over one catalog; each history request is appended to its gold tool's description, and the
 * target set is ranked over the expanded catalog and over the catalog as it is.
 * Usage: tsx bench/search/try-usage-expansion.ts ['history set name'] ['target set name']
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadTuningSets } from './datasets/benchmark-sets.ts';
import type { RankQuery } from './ranker.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

const [historyName = 'MCP requests', targetName = 'MCP requests, everyday'] = process.argv.slice(2);
const sets = loadTuningSets(resolveDataRoot());
const setNamed = (name: string) => {
  const found = sets.find((set) => set.name === name);
  if (found === undefined) throw new Error(`no tuning set named '${name}'; the tuning sets are: ${sets.map((set) => set.name).join(', ')}`);
  return found;
};
const history = setNamed(historyName);
const target = setNamed(targetName);

// Gold name (`toolset/tool` in the MCP sets) -> the history requests that asked for it.
const learned = new Map<string, string[]>();
for (const query of history.queries)
  for (const gold of query.gold) (learned.get(gold) ?? learned.set(gold, []).get(gold)!).push(query.text);
const goldKey = (tool: Tool, qualified: boolean): string => (qualified ? `${tool.toolset}/${originalNameOf(tool)}` : originalNameOf(tool));
const qualified = target.queries.some((query) => query.qualified === true);
const covered = target.queries.filter((query) => query.gold.some((gold) => learned.has(gold))).length;

for (const expand of [false, true]) {
  const rankers = new Map<string, RankQuery>();
  for (const partition of target.partitions ?? [{ tools: target.tools, queries: target.queries }]) {
    const tools = partition.tools.map((tool) => {
      const texts = expand ? learned.get(goldKey(tool, qualified)) : undefined;
      return texts === undefined ? tool : { ...tool, description: `${tool.description}\n${texts.join('\n')}` };
    });
    const index = buildSearchIndex(tools);
    // Results as the catalog's own tools, which the gold names are compared with.
    const original = new Map(tools.map((tool, position) => [tool, partition.tools[position]!]));
    const rank: RankQuery = (text, limit) => searchIndex(index, text, limit).map((match) => original.get(match.tool)!);
    for (const query of partition.queries) rankers.set(query.text, rank);
  }
  const scores = measureRetrieval((text, limit) => rankers.get(text)!(text, limit), target.queries);
  console.log(`${expand ? 'expanded with history' : 'as it is'}: R@1 ${scores.recallAt1.toFixed(3)} R@5 ${scores.recallAt5.toFixed(3)}`);
}
console.log(`${covered} of ${target.queries.length} target requests ask for a tool with history`);
