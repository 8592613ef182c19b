import type { QualityRow } from './measure-quality.ts';
import type { MeaningSpeedRow } from './measure-meaning-speed.ts';
import type { SpeedRow } from './measure-speed.ts';
import type { ProcessSpeed } from './measure-process-speed.ts';

/** What a report is stamped with. */
export interface RunStamp {
  readonly date: string;
  readonly commit: string;
  readonly node: string;
  readonly machine: string;
}

/** The bench run as Markdown: the quality table, the speed table, then the speed of search by meaning. */
export function renderReport(
  quality: readonly QualityRow[],
  speed: readonly SpeedRow[],
  stamp: RunStamp,
  meaningSpeed: readonly MeaningSpeedRow[] = [],
  processSpeed?: ProcessSpeed,
): string {
  const lines = [
    '# Search benchmark',
    '',
    `Run ${stamp.date}, commit ${stamp.commit}, ${stamp.node}, ${stamp.machine}. Produced by \`npm run bench\`.`,
    '',
    '## Retrieval quality',
    '',
    "Recall@k = share of a query's gold tools in the top k, averaged over queries; MRR = mean reciprocal rank of the first gold tool in the top 10.",
    "Tuning sets (Seal-Tools dev, hand-written MCP queries short and long, MetaTool two-tool, a MetaTool tenth disjoint from the reported one, function-calling requests written over BFCL's tools, BFCL's own unscored requests labelled over its catalog, the MCP request set's tuning part and the everyday MCP requests) are the only sets tuned on; held-out sets never were.",
    '',
    '| data set | split | tools | queries | ranker | R@1 | R@5 | R@10 | MRR |',
    '| --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |',
    ...quality.map(
      (row) =>
        `| ${row.dataset} | ${row.split} | ${row.tools} | ${row.scores.queries} | ${row.ranker} | ${format(row.scores.recallAt1)} | ${format(row.scores.recallAt5)} | ${format(row.scores.recallAt10)} | ${format(row.scores.meanReciprocalRank)} |`,
    ),
    '',
    '## Speed and memory',
    '',
    'Synthesized catalogs (real tools from all data sets; past their count, variants of them). Build = index from the tool list, built again (what each tool_search over an unchanged tool list costs); first build = a catalog whose texts no build has seen (names, descriptions, parameter and toolset names made new); query = one search, limit 10, over real queries. Memory = heap plus array buffers retained by one index (after full garbage collections). Timings are wall-clock on a shared machine: see the load average above.',
    '',
    '| tools | engine | build median ms | build p99 ms | first build median ms | query median ms | query p99 ms | memory MiB |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...speed.map(
      (row) =>
        `| ${row.size.toLocaleString('en-US')} | ${row.subject} | ${row.build.medianMs.toFixed(2)} | ${row.build.p99Ms.toFixed(2)} | ${row.firstBuild.medianMs.toFixed(2)} | ${row.query.medianMs.toFixed(3)} | ${row.query.p99Ms.toFixed(3)} | ${Number.isNaN(row.memoryMiB) ? 'n/a' : row.memoryMiB.toFixed(1)} |`,
    ),
    '',
    ...renderMeaningSpeed(meaningSpeed, speed),
    ...renderProcessSpeed(processSpeed),
  ];
  return lines.join('\n');
}

/** Query times of the opt-in search by meaning beside MiniSearch's at the same size, or nothing. */
function renderMeaningSpeed(rows: readonly MeaningSpeedRow[], speed: readonly SpeedRow[]): string[] {
  if (rows.length === 0) return [];
  const miniSearch = (size: number): SpeedRow | undefined => speed.find((row) => row.size === size && row.subject.startsWith('MiniSearch'));
  return [
    '### Search by meaning (opt-in)',
    '',
    "The same catalogs with meaning from the embeddings endpoint given (--embeddings-url, --embeddings-model). Query = one search, limit 10, with the index built and the tool texts embedded beforehand, each query a text never embedded before (a real query with a number appended), so each pays for its own embedding. Search with build = a tool_search as the bridge runs it, index built anew, the query embedding meanwhile; by words = the same without meaning. Embedding = the catalog's tool texts that were not embedded yet (the smaller catalogs' texts are reused by the larger ones), per tool, in the background.",
    '',
    '| tools | query median ms | query p99 ms | MiniSearch query median ms | share of MiniSearch | search with build median ms | by words median ms | embedding ms per new tool |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((row) => {
      const reference = miniSearch(row.size)?.query.medianMs;
      const share = reference === undefined ? 'n/a' : `${((100 * row.query.medianMs) / reference).toFixed(0)}%`;
      return `| ${row.size.toLocaleString('en-US')} | ${row.query.medianMs.toFixed(2)} | ${row.query.p99Ms.toFixed(2)} | ${reference?.toFixed(2) ?? 'n/a'} | ${share} | ${row.search.medianMs.toFixed(2)} | ${row.wordsSearch.medianMs.toFixed(2)} | ${row.embedPerToolMs.toFixed(1)} |`;
    }),
    '',
  ];
}

/** Whole-process timings of the CLI against MiniSearch's, and tool_search through a session (issue 14), or nothing. */
function renderProcessSpeed(speed: ProcessSpeed | undefined): string[] {
  if (speed === undefined) return [];
  const share = speed.queriesProcess.medianMs / speed.miniSearchQueriesProcess.medianMs;
  return [
    '### What a user waits: whole processes and a session',
    '',
    `Whole process = \`node bin/tool-search.js search --tools FILE ... --json\` (the built CLI) as a child process, start to exit, over the Seal-Tools catalog (${speed.catalogTools.toLocaleString('en-US')} tools), median of ${speed.queriesProcess.samples} runs; MiniSearch = bench/search/minisearch-search-process.mjs doing the same work (read both files, index, search, print). Session = \`session.call('tool_search', ...)\` at ${speed.sessionTools.toLocaleString('en-US')} synthesized tools in a process of its own on the built package (bench/search/session-search-process.mjs), the registry unchanged between calls (the catalog is rebuilt from it at each call; its index is found by content), limit 10, real queries; then the same with ${speed.changedTools} tools given a new description before each call, as when one server's tools change, and with ${speed.moreChangedTools} (the catalog is cut into parts by content, and only the parts holding changed tools are built again).`,
    '',
    '| what | median ms | p99 ms |',
    '| --- | ---: | ---: |',
    `| ours: search --queries, ${speed.queryCount} queries | ${speed.queriesProcess.medianMs.toFixed(0)} | ${speed.queriesProcess.p99Ms.toFixed(0)} |`,
    `| MiniSearch 7: the same ${speed.queryCount} queries | ${speed.miniSearchQueriesProcess.medianMs.toFixed(0)} | ${speed.miniSearchQueriesProcess.p99Ms.toFixed(0)} |`,
    `| ours as a share of MiniSearch's | ${share.toFixed(2)}x | |`,
    `| ours: one-shot search | ${speed.oneShotProcess.medianMs.toFixed(0)} | ${speed.oneShotProcess.p99Ms.toFixed(0)} |`,
    `| ours: --help (start alone) | ${speed.helpProcess.medianMs.toFixed(0)} | ${speed.helpProcess.p99Ms.toFixed(0)} |`,
    `| session tool_search, ${speed.sessionTools.toLocaleString('en-US')} tools, unchanged catalog | ${speed.sessionSearch.medianMs.toFixed(3)} | ${speed.sessionSearch.p99Ms.toFixed(3)} |`,
    `| session tool_search, ${speed.sessionTools.toLocaleString('en-US')} tools, ${speed.changedTools} of them changed before each call | ${speed.changedSessionSearch.medianMs.toFixed(3)} | ${speed.changedSessionSearch.p99Ms.toFixed(3)} |`,
    `| session tool_search, ${speed.sessionTools.toLocaleString('en-US')} tools, ${speed.moreChangedTools} of them changed before each call | ${speed.moreChangedSessionSearch.medianMs.toFixed(3)} | ${speed.moreChangedSessionSearch.p99Ms.toFixed(3)} |`,
    '',
  ];
}

function format(value: number): string {
  return value.toFixed(3);
}
