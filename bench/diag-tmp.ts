import { buildSearchIndex } from '../src/catalog/index/build-search-index.ts';
import { searchIndex } from '../src/catalog/search-tools.ts';
import { originalNameOf } from '../src/tools/tool.ts';
import { loadMcpRequests } from '../bench/search/datasets/load-mcp-requests.ts';
import { packCoverage, withRequests } from '../bench/search/requests-conditions.ts';
const w = Number(process.env.W ?? 1);
for (const part of ['tuning', 'everyday'] as const) {
  const set = loadMcpRequests(part);
  for (const partition of set.partitions!) {
    const cov = packCoverage(partition.tools);
    const base = buildSearchIndex(partition.tools);
    const byToolset = new Map<string, typeof partition.queries[number][]>();
    for (const q of partition.queries) { const ts = q.gold[0]!.split('/')[0]!; (byToolset.get(ts) ?? byToolset.set(ts, []).get(ts)!).push(q); }
    for (const [ts, qs] of byToolset) {
      const tools = withRequests(partition.tools, (t) => t.toolset === ts ? undefined : cov.requestsOf(t));
      const idx = buildSearchIndex(tools, { fieldWeights: { requests: w } });
      for (const q of qs) {
        const key = (t: any) => `${t.toolset}/${originalNameOf(t)}`;
        const gold = new Set([q.gold[0]!, ...((q.alternatives ?? {})[q.gold[0]!] ?? [])]);
        const b = searchIndex(base, q.text, 5); const a = searchIndex(idx, q.text, 5);
        if (gold.has(key(b[0]!.tool)) && !gold.has(key(a[0]!.tool))) console.log(`${q.text}\n   gold ${q.gold[0]}  now ${key(a[0]!.tool)}`);
      }
    }
  }
}
