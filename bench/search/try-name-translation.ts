/**
 * Experiment (issue 27, servers the pack does not cover): a word translation table learned from the
 * request pack (tool-name words -> the words people use in requests for such tools), used to give a
 * tool with no requests a synthetic request of the words its name translates to. Measured on the
 * tuning sets only, each request's own server (and the pack servers that share its tools) left out of
 * the pack, the lenders and the table.
 * Usage: tsx bench/search/try-name-translation.ts [--k 12] [--min-servers 2] [--mode add|replace|none] [--family 0.3]
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { indexTermOf } from '../../src/catalog/text/analyze-tokens.ts';
import { tokenize } from '../../src/catalog/text/tokenize.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { balanceRequests } from '../../src/requests/balance-requests.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import { loadMcpRequests } from './datasets/load-mcp-requests.ts';
import { packCoverage } from './requests-conditions.ts';
import type { RetrievalQuery } from './retrieval-dataset.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

const argv = process.argv.slice(2);
const flag = (name: string, fallback: string): string => {
  const at = argv.indexOf(name);
  return at < 0 ? fallback : argv[at + 1]!;
};
const K = Number(flag('--k', '12'));
const MIN_SERVERS = Number(flag('--min-servers', '2'));
const MODE = flag('--mode', 'add');
const FAMILY_SHARE = Number(flag('--family', '0.3'));
const SOURCE = flag('--source', 'name');
const sets = flag('--sets', 'tuning,everyday').split(',') as Array<'tuning' | 'everyday'>;

const PACK = loadRequestPack();
interface PackTool {
  readonly server: string;
  readonly name: string;
  readonly nameTerms: ReadonlySet<string>;
  readonly requestTerms: ReadonlySet<string>;
}
const surface = new Map<string, Map<string, number>>();
const termsOf = (text: string, count = false): Set<string> => {
  const terms = new Set<string>();
  for (const token of tokenize(text)) {
    const term = indexTermOf(token);
    if (term === '' || term.length < 2 || /^\d+$/.test(term)) continue;
    terms.add(term);
    if (count) {
      const forms = surface.get(term) ?? surface.set(term, new Map()).get(term)!;
      forms.set(token, (forms.get(token) ?? 0) + 1);
    }
  }
  return terms;
};
const packTools: PackTool[] = [];
for (const server of PACK.servers()) {
  for (const [name, requests] of PACK.requestsOf(server.id)) {
    packTools.push({
      server: server.id,
      name,
      nameTerms: termsOf(name),
      requestTerms: termsOf(requests.join(' \n '), true),
    });
  }
}
const surfaceOf = (term: string): string => {
  const forms = surface.get(term);
  if (forms === undefined) return term;
  return [...forms].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
};

/** Servers sharing at least FAMILY_SHARE of their tool names with `server` (either way), itself included. */
const namesByServer = new Map<string, Set<string>>();
for (const tool of packTools)
  (namesByServer.get(tool.server) ?? namesByServer.set(tool.server, new Set()).get(tool.server)!).add(tool.name);
function familyOf(server: string): Set<string> {
  const own = namesByServer.get(server)!;
  const family = new Set([server]);
  for (const [other, names] of namesByServer) {
    const shared = [...names].filter((name) => own.has(name)).length;
    if (shared / Math.min(own.size, names.size) >= FAMILY_SHARE) family.add(other);
  }
  return family;
}

/** The translation table over the pack without `excluded` servers. */
function translationTable(excluded: ReadonlySet<string>): (terms: ReadonlySet<string>) => string[] {
  const nameCount = new Map<string, number>();
  const pairCount = new Map<string, Map<string, number>>();
  const pairServers = new Map<string, Set<string>>();
  const requestDf = new Map<string, number>();
  let total = 0;
  for (const tool of packTools) {
    if (excluded.has(tool.server)) continue;
    total += 1;
    for (const r of tool.requestTerms) requestDf.set(r, (requestDf.get(r) ?? 0) + 1);
    for (const n of tool.nameTerms) {
      nameCount.set(n, (nameCount.get(n) ?? 0) + 1);
      const row = pairCount.get(n) ?? pairCount.set(n, new Map()).get(n)!;
      for (const r of tool.requestTerms) {
        row.set(r, (row.get(r) ?? 0) + 1);
        const key = `${n}\u0000${r}`;
        (pairServers.get(key) ?? pairServers.set(key, new Set()).get(key)!).add(tool.server);
      }
    }
  }
  return (terms) => {
    const score = new Map<string, number>();
    for (const n of terms) {
      const row = pairCount.get(n);
      const count = nameCount.get(n) ?? 0;
      if (row === undefined || count < 2) continue;
      const nameIdf = Math.log(total / count);
      for (const [r, c] of row) {
        if ((pairServers.get(`${n}\u0000${r}`)?.size ?? 0) < MIN_SERVERS) continue;
        const p = c / count;
        const idf = Math.log(total / requestDf.get(r)!);
        score.set(r, (score.get(r) ?? 0) + p * idf * nameIdf);
      }
    }
    return [...score]
      .filter(([r]) => !terms.has(r))
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, K)
      .map(([r]) => surfaceOf(r));
  };
}

for (const part of sets) {
  const dataset = loadMcpRequests(part);
  const partitions = dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }];
  const coverage = packCoverage(
    partitions.flatMap((partition) => partition.tools),
    PACK,
  );
  const rankers = new Map<string, (text: string, limit: number) => Tool[]>();
  const covered: RetrievalQuery[] = [];
  let shown = 0;
  for (const partition of partitions) {
    const byToolset = new Map<string, RetrievalQuery[]>();
    for (const query of partition.queries) {
      const gold = query.gold[0]!;
      const toolset =
        query.qualified === true
          ? gold.slice(0, gold.indexOf('/'))
          : (partition.tools.find((tool) => originalNameOf(tool) === gold)?.toolset ?? '');
      if (coverage.packIdOf(toolset) === undefined) continue;
      (byToolset.get(toolset) ?? byToolset.set(toolset, []).get(toolset)!).push(query);
    }
    for (const [toolset, queries] of byToolset) {
      covered.push(...queries);
      const family = familyOf(coverage.packIdOf(toolset)!);
      const connected = new Set(family);
      for (const other of new Set(partition.tools.map((tool) => tool.toolset))) {
        const id = coverage.packIdOf(other);
        if (id !== undefined) connected.add(id);
      }
      if (MODE === 'all') for (const id of [...connected]) for (const member of familyOf(id)) connected.add(member);
      const withPack = partition.tools.map((tool) => {
        if (tool.toolset === toolset || MODE === 'all' || MODE === 'words') return tool;
        const requests = coverage.requestsOf(tool);
        return requests === undefined ? tool : { ...tool, requests: [...requests] };
      });
      let tools = balanceRequests(withPack, { moreLenders: () => PACK.lenders(connected) });
      if (MODE !== 'none' && MODE !== 'words') {
        const translate = translationTable(MODE === 'all' ? connected : family);
        tools = tools.map((tool) => {
          if (tool.toolset !== toolset && MODE !== 'all') return tool;
          const source = SOURCE === 'name' ? originalNameOf(tool) : `${originalNameOf(tool)} ${tool.description.slice(0, 200)}`;
          const words = translate(termsOf(source));
          if (shown < 6 && words.length > 0) {
            shown += 1;
            process.stderr.write(`  ${originalNameOf(tool)} -> ${words.join(' ')}\n`);
          }
          if (words.length === 0) return tool;
          const base =
            MODE === 'replace' || MODE === 'all'
              ? [originalNameOf(tool).replace(/[_\-.]+/g, ' '), tool.description.slice(0, 400)]
              : (tool.requests ?? []);
          return { ...tool, requests: [...base, words.join(' ')] };
        });
      }
      const index = buildSearchIndex(tools);
      const original = new Map(tools.map((tool, position) => [tool, partition.tools[position]!]));
      const rank = (text: string, limit: number): Tool[] => searchIndex(index, text, limit).map((match) => original.get(match.tool)!);
      for (const query of queries) rankers.set(query.text, rank);
    }
  }
  const scores = measureRetrieval((text, limit) => rankers.get(text)!(text, limit), covered);
  console.log(
    `${dataset.name}: mode ${MODE} k ${K} min-servers ${MIN_SERVERS} family ${FAMILY_SHARE} source ${SOURCE}: ${scores.queries} requests R@1 ${scores.recallAt1.toFixed(3)} R@5 ${scores.recallAt5.toFixed(3)}`,
  );
}
