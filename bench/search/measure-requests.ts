/**
 * Issue 27's measurement: R@1 / R@5 of the words ranking with requests from each source, on the MCP
 * request sets and LiveMCPBench, split into requests whose right tool is on a server the request pack
 * covers and on one it does not. Conditions, each over the later half of every set (the earlier half
 * is the history that learning replays): words alone, with the shipped pack, with learning replayed,
 * with both; and words alone vs the pack over the whole set.
 * `--options` adds search options as JSON (the action and server prior of issue 26: '{"serverPriorWeight":0.25}').
 * Also with the requests a model wrote for the sets' servers (bench/data/model-written-requests,
 * replayed through the gateway's chat request writer): pack + model (search.expand's default, every
 * tool), and on sets with servers the pack does not cover, the model for those alone (tools: uncovered).
 * Usage: tsx bench/search/measure-requests.ts [--weight W] [--options JSON] [--sets tuning|report|all] [--json FILE]
 */
import { writeFileSync } from 'node:fs';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadLiveMcpBench } from './datasets/load-live-mcp-bench.ts';
import { loadMcpRequests } from './datasets/load-mcp-requests.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { attachAsSourcesDo, learnedFrom, packCoverage, splitHalves, type PackCoverage } from './requests-conditions.ts';
import type { RetrievalDataset, RetrievalPartition, RetrievalQuery } from './retrieval-dataset.ts';
import { measureRetrieval, type RetrievalScores } from './retrieval-metrics.ts';
import { hasModelWrittenRequests, modelWrittenRequests } from './model-written-requests.ts';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = argv.indexOf(name);
  return at < 0 ? undefined : argv[at + 1];
};
const weight = flag('--weight');
const which = flag('--sets') ?? 'all';
const PACK = loadRequestPack();
const extraOptions = JSON.parse(flag('--options') ?? '{}') as SearchOptions;
const options: SearchOptions = weight === undefined ? extraOptions : { ...extraOptions, fieldWeights: { requests: Number(weight) } };

const tuningSets = (): RetrievalDataset[] => [loadMcpRequests('tuning'), loadMcpRequests('everyday')];
const reportSets = (): RetrievalDataset[] => [
  loadMcpRequests('held-out'),
  loadMcpRequests('second-unseen'),
  loadMcpRequests('blind-npm'),
  loadMcpRequests('blind-npm-2'),
  loadLiveMcpBench(resolveDataRoot()),
];
const sets = which === 'tuning' ? tuningSets() : which === 'report' ? reportSets() : [...tuningSets(), ...reportSets()];

type Condition =
  | 'words'
  | 'pack'
  | 'learned'
  | 'pack + learned'
  | 'pack, own server left out'
  | 'pack + model'
  | 'pack + model, uncovered servers only'
  | 'pack + model + learned';
interface Row {
  readonly set: string;
  readonly part: 'covered' | 'not covered' | 'all';
  readonly condition: Condition;
  readonly over: 'later half' | 'whole set';
  readonly scores: RetrievalScores;
}

const rows: Row[] = [];
for (const dataset of sets) {
  const partitions: readonly RetrievalPartition[] = dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }];
  const coverage = packCoverage(partitions.flatMap((partition) => partition.tools));
  const isCovered = coveredTest(partitions, coverage);
  const serverOf = (query: RetrievalQuery): string => query.gold[0]!.split('/')[0]!;
  const { earlier, later } = splitHalves(dataset.queries, serverOf);
  const learned = learnedFrom(earlier);
  const laterSet = new Set(later);
  const model = await modelWrittenFor(partitions);
  const withModel = (tool: Tool): readonly string[] => [...(coverage.requestsOf(tool) ?? []), ...(model.get(tool) ?? [])];
  // search.expand.tools: uncovered, the model asked only for the tools of servers the pack does not cover.
  const withModelUncovered = (tool: Tool): readonly string[] => [
    ...(coverage.requestsOf(tool) ?? []),
    ...(coverage.packIdOf(tool.toolset) === undefined ? (model.get(tool) ?? []) : []),
  ];
  const anyUncovered = partitions.some((partition) => partition.tools.some((tool) => coverage.packIdOf(tool.toolset) === undefined));
  const conditions: ReadonlyArray<[Condition, (tool: Tool) => readonly string[] | undefined]> = [
    ['words', () => undefined],
    ['pack', (tool) => coverage.requestsOf(tool)],
    ['learned', learned],
    ['pack + learned', (tool) => [...(coverage.requestsOf(tool) ?? []), ...(learned(tool) ?? [])]],
    // The model's recorded requests (bench/data/model-written-requests), as search.expand attaches them.
    ...(model.size === 0
      ? []
      : ([
          ['pack + model', withModel],
          ...(anyUncovered
            ? ([['pack + model, uncovered servers only', withModelUncovered]] satisfies Array<
                [Condition, (tool: Tool) => readonly string[] | undefined]
              >)
            : []),
          ['pack + model + learned', (tool: Tool) => [...withModel(tool), ...(learned(tool) ?? [])]],
        ] satisfies Array<[Condition, (tool: Tool) => readonly string[] | undefined]>)),
  ];
  for (const [condition, extra] of conditions) {
    const rankOf = rankerOver(partitions, extra, coverage.situationalOf);
    if (condition === 'pack') {
      // Servers the pack does not cover, simulated on covered ones: each request ranked with the pack on
      // every server but its right tool's, which is how an uncovered server sits among covered ones.
      const leftOut = leftOutRankings(dataset, partitions, coverage);
      const covered = dataset.queries.filter(isCovered);
      if (covered.length > 0)
        rows.push({
          set: dataset.name,
          part: 'covered',
          condition: 'pack, own server left out',
          over: 'whole set',
          scores: measureRetrieval((text, limit) => leftOut.get(text)!(text, limit), covered),
        });
    }
    const measure = (queries: readonly RetrievalQuery[]): RetrievalScores =>
      measureRetrieval((text, limit) => rankOf.get(text)!(text, limit), queries);
    for (const part of ['covered', 'not covered', 'all'] as const) {
      const keep = (query: RetrievalQuery): boolean => part === 'all' || isCovered(query) === (part === 'covered');
      const laterPart = dataset.queries.filter((query) => laterSet.has(query) && keep(query));
      if (laterPart.length > 0) rows.push({ set: dataset.name, part, condition, over: 'later half', scores: measure(laterPart) });
      // Over the whole set too, but for learning, which replays the earlier half.
      if (!condition.includes('learned')) {
        const whole = dataset.queries.filter(keep);
        if (whole.length > 0) rows.push({ set: dataset.name, part, condition, over: 'whole set', scores: measure(whole) });
      }
    }
  }
  process.stderr.write(
    `  ${dataset.name}: ${dataset.queries.length} requests, ${dataset.queries.filter(isCovered).length} on covered servers\n`,
  );
}

const format = (value: number): string => value.toFixed(3);
console.log(`requests weight ${weight ?? 'default'}`);
console.log('| set | servers | over | condition | requests | R@1 | R@5 |');
console.log('| --- | --- | --- | --- | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.set} | ${row.part} | ${row.over} | ${row.condition} | ${row.scores.queries} | ${format(row.scores.recallAt1)} | ${format(row.scores.recallAt5)} |`,
  );
}
const json = flag('--json');
if (json !== undefined) writeFileSync(json, `${JSON.stringify({ weight: weight ?? 'default', rows }, null, 1)}\n`);

/**
 * The requests the user's model wrote (recorded answers, replayed through the gateway's chat request
 * writer) for the tools of every server that has recorded answers.
 */
async function modelWrittenFor(partitions: readonly RetrievalPartition[]): Promise<Map<Tool, readonly string[]>> {
  const written = new Map<Tool, readonly string[]>();
  for (const partition of partitions) {
    const toolsets = new Set(partition.tools.map((tool) => tool.toolset));
    for (const toolset of toolsets) {
      if (!hasModelWrittenRequests(toolset)) continue;
      const tools = partition.tools.filter((tool) => tool.toolset === toolset);
      for (const [tool, requests] of await modelWrittenRequests(tools)) written.set(tool, requests);
    }
  }
  return written;
}

/**
 * Query text -> the ranking of its partition's catalog with `extra` requests added to its tools (one
 * index per partition). Results are the catalog's own tools, which gold names are compared with.
 */
function rankerOver(
  partitions: readonly RetrievalPartition[],
  extra: (tool: Tool) => readonly string[] | undefined,
  situational: (tool: Tool) => readonly string[] | undefined,
): Map<string, (text: string, limit: number) => Tool[]> {
  const rankers = new Map<string, (text: string, limit: number) => Tool[]>();
  for (const partition of partitions) {
    // As createRequestSources attaches them: the situational ones where every tool has some, else
    // tools that have none balanced against those that have some.
    const tools = attachAsSourcesDo(partition.tools, extra, situational, () => lendersFor(partition.tools));
    const index = buildSearchIndex(tools, options);
    const original = new Map(tools.map((tool, position) => [tool, partition.tools[position]!]));
    const rank = (text: string, limit: number): Tool[] => searchIndex(index, text, limit).map((match) => original.get(match.tool)!);
    for (const query of partition.queries) rankers.set(query.text, rank);
  }
  return rankers;
}

/**
 * Query text -> its ranking with the pack on every toolset except its first gold tool's (one index per
 * partition and left-out toolset).
 */
function leftOutRankings(
  dataset: RetrievalDataset,
  partitions: readonly RetrievalPartition[],
  coverage: PackCoverage,
): Map<string, (text: string, limit: number) => Tool[]> {
  const rankers = new Map<string, (text: string, limit: number) => Tool[]>();
  for (const partition of partitions) {
    const byToolset = new Map<string, RetrievalQuery[]>();
    for (const query of partition.queries) {
      const toolset = goldToolsetOf(query, partition.tools);
      (byToolset.get(toolset) ?? byToolset.set(toolset, []).get(toolset)!).push(query);
    }
    for (const [toolset, queries] of byToolset) {
      const ranked = rankerOver(
        [{ tools: partition.tools, queries }],
        (tool) => (tool.toolset === toolset ? undefined : coverage.requestsOf(tool)),
        (tool) => (tool.toolset === toolset ? undefined : coverage.situationalOf(tool)),
      );
      for (const [text, rank] of ranked) rankers.set(text, rank);
    }
  }
  void dataset;
  return rankers;
}

/** The toolset of a query's first gold tool (qualified `toolset/tool`, or the first catalog tool of that name). */
function goldToolsetOf(query: RetrievalQuery, tools: readonly Tool[]): string {
  const gold = query.gold[0]!;
  if (query.qualified === true) return gold.slice(0, gold.indexOf('/'));
  return tools.find((tool) => originalNameOf(tool) === gold)?.toolset ?? '';
}

/** Whether a query's first gold tool is on a server the pack covers (by its toolset, or for unqualified gold by the tools of that name). */
function coveredTest(partitions: readonly RetrievalPartition[], coverage: PackCoverage): (query: RetrievalQuery) => boolean {
  const toolsetsByName = new Map<string, Set<string>>();
  for (const partition of partitions) {
    for (const tool of partition.tools)
      (toolsetsByName.get(originalNameOf(tool)) ?? toolsetsByName.set(originalNameOf(tool), new Set()).get(originalNameOf(tool))!).add(
        tool.toolset,
      );
  }
  return (query) => {
    const gold = query.gold[0]!;
    if (query.qualified === true) return coverage.packIdOf(gold.slice(0, gold.indexOf('/'))) !== undefined;
    return [...(toolsetsByName.get(gold) ?? [])].some((toolset) => coverage.packIdOf(toolset) !== undefined);
  };
}

/**
 * The pack's tools of the servers none of the catalog's toolsets is (bench toolsets matched as
 * packCoverage matches them; a left-out server's own entry stays out too, as its toolset is there).
 */
function lendersFor(catalog: readonly Tool[]): readonly Tool[] {
  const coverage = packCoverage(catalog, PACK);
  const connected = new Set<string>();
  for (const toolset of new Set(catalog.map((tool) => tool.toolset))) {
    const id = coverage.packIdOf(toolset);
    if (id !== undefined) connected.add(id);
  }
  return PACK.lenders(connected);
}
