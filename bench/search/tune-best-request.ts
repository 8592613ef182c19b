/**
 * Tunes bestRequestWeight (rank/best-request.ts) on the tuning sets alone, R@1 / R@5 per weight:
 * - the MCP request sets (tuning, everyday) with the shipped pack, and with the pack and the
 *   requests the user's model wrote (bench/data/model-written-requests), as measure-requests'
 *   *pack* and *pack + model* conditions attach them (balanced as createRequestSources balances);
 * - a stand-in for a server the pack does not cover among servers it does (the blind sets'
 *   situation, larger than "own server left out"): the bundled session with one server's pack taken
 *   off, in turn for each, asked that server's model-written requests and the tuning sets' requests
 *   for it; the same catalogs asked the tuning sets' requests of the servers still covered; and the
 *   same with the model writing for every tool, asked the tuning sets' requests alone (its own
 *   requests would be asked of themselves).
 * Words alone on the stand-in is the first line. Reads no held-out or blind set.
 * Usage: tsx bench/search/tune-best-request.ts [weights, comma-separated, default 0,0.4,0.7,1] [--options JSON]
 */
import { readFileSync } from 'node:fs';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchOptions } from '../../src/catalog/index/search-options.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { parseToolsetMap } from '../../src/tools/parse-toolset-map.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import { loadMcpRequests } from './datasets/load-mcp-requests.ts';
import { hasModelWrittenRequests, modelWrittenRequests } from './model-written-requests.ts';
import { attachAsSourcesDo, packCoverage } from './requests-conditions.ts';
import type { RetrievalQuery } from './retrieval-dataset.ts';
import { measureRetrieval, type RetrievalScores } from './retrieval-metrics.ts';

const argv = process.argv.slice(2);
const at = argv.indexOf('--options');
const baseOptions = JSON.parse(at < 0 ? '{}' : argv[at + 1]!) as SearchOptions;
const weights = (argv.find((argument, position) => !argument.startsWith('--') && (at < 0 || position !== at + 1)) ?? '0,0.4,0.7,1')
  .split(',')
  .map(Number);
const pack = loadRequestPack();
const qualified = (tool: Tool): string => `${tool.toolset}/${originalNameOf(tool)}`;

/** Query text -> ranking, for the catalog `original` with `requested` (the same tools, with requests) indexed. */
function rankerOf(requested: readonly Tool[], original: readonly Tool[], options: SearchOptions) {
  const index = buildSearchIndex(requested, options);
  const back = new Map(requested.map((tool, position) => [tool, original[position]!]));
  return (text: string, limit: number): Tool[] => searchIndex(index, text, limit).map((match) => back.get(match.tool)!);
}

/**
 * The catalog with `extra` requests as createRequestSources attaches them (attachAsSourcesDo): the
 * pack's situational requests where every tool has some, except for `uncovered` (a toolset whose
 * pack is taken off); else balanced, the pack's servers that are not `connected` lending.
 */
function balanced(
  tools: readonly Tool[],
  extra: (tool: Tool) => readonly string[] | undefined,
  connected: ReadonlySet<string>,
  uncovered?: string,
): readonly Tool[] {
  const coverage = packCoverage(tools, pack);
  const situational = (tool: Tool) => (tool.toolset === uncovered ? undefined : coverage.situationalOf(tool));
  return attachAsSourcesDo(tools, extra, situational, () => pack.lenders(connected));
}

/** Sums scores over parts, weighing each by its number of requests. */
function pooled(parts: readonly RetrievalScores[]): string {
  const asked = parts.reduce((sum, part) => sum + part.queries, 0);
  const mean = (pick: (part: RetrievalScores) => number): string =>
    (parts.reduce((sum, part) => sum + pick(part) * part.queries, 0) / Math.max(1, asked)).toFixed(3);
  return `${mean((part) => part.recallAt1)} / ${mean((part) => part.recallAt5)}`;
}

const tuning = [loadMcpRequests('tuning'), loadMcpRequests('everyday')];
const modelOf = new Map<string, readonly string[]>();
for (const dataset of tuning)
  for (const partition of dataset.partitions ?? [])
    for (const toolset of new Set(partition.tools.map((tool) => tool.toolset)))
      if (hasModelWrittenRequests(toolset))
        for (const [tool, requests] of await modelWrittenRequests(partition.tools.filter((tool) => tool.toolset === toolset)))
          modelOf.set(qualified(tool), requests);

const session = parseToolsetMap(
  JSON.parse(readFileSync(new URL('../../catalogs/realistic-session.json', import.meta.url), 'utf8')),
  'session',
);
const sessionCoverage = packCoverage(session, pack);
const sessionToolsets = [...new Set(session.map((tool) => tool.toolset))];
const sessionPackIds = new Set(sessionToolsets.flatMap((toolset) => sessionCoverage.packIdOf(toolset) ?? []));
const sessionNames = new Set(session.map(qualified));
const tuningOnSession = tuning.flatMap((set) => set.queries).filter((query) => sessionNames.has(query.gold[0]!));
const modelQueriesOf = (toolset: string): RetrievalQuery[] =>
  session
    .filter((tool) => tool.toolset === toolset)
    .flatMap((tool) => (modelOf.get(qualified(tool)) ?? []).map((text) => ({ text, gold: [qualified(tool)], qualified: true })));
const onServer = (toolset: string) => (query: RetrievalQuery) => query.gold[0]!.startsWith(`${toolset}/`);

const rows: string[] = [];
const standInWords = sessionToolsets.map((toolset) =>
  measureRetrieval(rankerOf(session, session, baseOptions), [...modelQueriesOf(toolset), ...tuningOnSession.filter(onServer(toolset))]),
);
rows.push(`| words alone | stand-in: one server uncovered | ${pooled(standInWords)} |`);
for (const weight of weights) {
  const options: SearchOptions = { ...baseOptions, bestRequestWeight: weight };
  for (const withModel of [false, true]) {
    for (const dataset of tuning) {
      const rankers = new Map<string, (text: string, limit: number) => Tool[]>();
      for (const partition of dataset.partitions ?? []) {
        const coverage = packCoverage(partition.tools, pack);
        const connected = new Set(
          [...new Set(partition.tools.map((tool) => tool.toolset))].flatMap((toolset) => coverage.packIdOf(toolset) ?? []),
        );
        const extra = (tool: Tool) => [...(coverage.requestsOf(tool) ?? []), ...(withModel ? (modelOf.get(qualified(tool)) ?? []) : [])];
        const rank = rankerOf(balanced(partition.tools, extra, connected), partition.tools, options);
        for (const query of partition.queries) rankers.set(query.text, rank);
      }
      const scores = measureRetrieval((text, limit) => rankers.get(text)!(text, limit), dataset.queries);
      rows.push(`| ${weight} | ${dataset.name}, pack${withModel ? ' + model' : ''} | ${pooled([scores])} |`);
    }
  }
  const standIn = sessionToolsets.map((toolset) => {
    const tools = balanced(
      session,
      (tool) => (tool.toolset === toolset ? undefined : sessionCoverage.requestsOf(tool)),
      sessionPackIds,
      toolset,
    );
    return measureRetrieval(rankerOf(tools, session, options), [...modelQueriesOf(toolset), ...tuningOnSession.filter(onServer(toolset))]);
  });
  rows.push(`| ${weight} | stand-in: one server uncovered, pack | ${pooled(standIn)} |`);
  // The same catalogs asked the tuning sets' requests of the servers the pack still covers there.
  const standInCovered = sessionToolsets.map((toolset) => {
    const tools = balanced(
      session,
      (tool) => (tool.toolset === toolset ? undefined : sessionCoverage.requestsOf(tool)),
      sessionPackIds,
      toolset,
    );
    return measureRetrieval(
      rankerOf(tools, session, options),
      tuningOnSession.filter((query) => !onServer(toolset)(query)),
    );
  });
  rows.push(`| ${weight} | stand-in: the other, covered servers' tuning requests | ${pooled(standInCovered)} |`);
  const standInModel = sessionToolsets.map((toolset) => {
    const extra = (tool: Tool) => [
      ...(tool.toolset === toolset ? [] : (sessionCoverage.requestsOf(tool) ?? [])),
      ...(modelOf.get(qualified(tool)) ?? []),
    ];
    return measureRetrieval(
      rankerOf(balanced(session, extra, sessionPackIds, toolset), session, options),
      tuningOnSession.filter(onServer(toolset)),
    );
  });
  rows.push(`| ${weight} | stand-in: one server uncovered, pack + model (tuning requests) | ${pooled(standInModel)} |`);
}
console.log(`options ${JSON.stringify(baseOptions)}`);
console.log('| bestRequestWeight | set, condition | R@1 / R@5 |');
console.log('| --- | --- | --- |');
for (const row of rows) console.log(row);
