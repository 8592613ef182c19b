import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchIndex } from '../../src/catalog/index/search-index.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import type { BenchModule } from '../bench-module.ts';
import { REPOSITORY_ROOT, resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, loadMcpHeldOutSets, loadTuningSets, speedQueries, speedToolPool } from './datasets/benchmark-sets.ts';
import { measureQuality } from './measure-quality.ts';
import { measureMeaningSpeed } from './measure-meaning-speed.ts';
import { measureSpeed, type SpeedSubject } from './measure-speed.ts';
import { measureProcessSpeed } from './measure-process-speed.ts';
import { measureQuickSpeed } from './measure-quick-speed.ts';
import type { RetrievalDataset } from './retrieval-dataset.ts';
import { sampleDataset } from './sample-dataset.ts';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { buildMiniSearch, miniSearchRanker } from './rankers/minisearch-ranker.ts';
import { referenceBm25Ranker } from './rankers/reference-bm25-ranker.ts';
import { toolSearchRanker } from './rankers/tool-search-ranker.ts';
import { byMeaningRanker } from './rankers/by-meaning-ranker.ts';
import { createOpenAiEmbedder } from '../../src/embeddings/openai-embedder.ts';
import { DEFAULT_MEANING_AGREEMENT } from '../../src/catalog/meaning/fuse-with-meaning.ts';
import { renderChart } from './render-chart.ts';
import { renderReport, type RunStamp } from './render-report.ts';

/** The report's label for the default search fused with meaning from an embeddings endpoint, as search.embeddings fuses it. */
export const BY_MEANING_NAME = 'Ours + embeddings endpoint (opt-in)';

/** Heads a `--quick` report, so that its figures are never taken for the committed ones. */
export const QUICK_RUN_NOTE =
  '> Quick run (`npm run bench -- --quick`): a seeded sample of the held-out queries, words rankers only, speed at 100 and 1,000 tools. A smoke run; the figures to report are in bench/results/.';

/** Queries per data set in `--quick` (seeded sample): five held-out sets, about 300 queries. */
const QUICK_QUERIES_PER_SET = 60;

/**
 * The search benchmark (issue 4): retrieval quality of this library's search against a plain BM25 and
 * MiniSearch on the public data sets, then build/query time and memory against MiniSearch from 10 to
 * 50,000 tools. Writes search.md, search.json and search.svg into the run's results folder when it ran
 * both parts (bench/results for a full run). `--embeddings-url` and `--embeddings-model` add ours
 * with meaning from that endpoint (a row, and the speed of search by meaning); `--set=NAME` measures
 * quality on the matching sets only; `--quick` samples the held-out sets, times 100 and 1,000 tools
 * and leaves out meaning and the whole-process timings.
 */
export const searchBench: BenchModule = {
  name: 'search: retrieval quality and speed',
  parts: ['quality', 'speed'],
  async run({ options, resultsFolder }) {
    const skipSpeed = !options.parts.has('speed');
    const skipQuality = !options.parts.has('quality');
    const quick = options.quick;
    const dataRoot = resolveDataRoot();
    const heldOut = loadHeldOutSets(dataRoot);
    const tuning = loadTuningSets(dataRoot);
    const qualitySets = chooseQualitySets([...heldOut, ...loadMcpHeldOutSets(), ...tuning], heldOut.length + 1, options.set, quick);
    const rankers = [toolSearchRanker, referenceBm25Ranker, miniSearchRanker];
    // The opt-in ranking by meaning from an embeddings endpoint, fused as search.embeddings fuses it,
    // reported beside the default when one is given. One ranker serves the quality and speed runs, so
    // that a tool text is embedded once (its cache is keyed on text). A failure to rank by meaning
    // stops the bench rather than timing words alone.
    const endpoint = options.embeddings === undefined || quick || (skipQuality && skipSpeed) ? undefined : options.embeddings;
    const semantic =
      endpoint === undefined
        ? undefined
        : createSemanticRanker(
            createOpenAiEmbedder({
              url: endpoint.url,
              model: endpoint.model,
              apiKey: process.env['OPENAI_API_KEY'],
              timeoutMs: 600_000,
              queryTimeoutMs: 600_000,
            }),
            {
              keepWordsFirst: 2,
              agreement: DEFAULT_MEANING_AGREEMENT,
              maxCachedTexts: 500_000,
              onError: (error) => {
                throw error;
              },
            },
          );
    if (!skipQuality && semantic !== undefined) rankers.push(byMeaningRanker(BY_MEANING_NAME, semantic));
    const quality = skipQuality ? [] : await measureQuality(qualitySets, rankers);
    const pool = speedToolPool(heldOut, dataRoot);
    const queries = speedQueries(heldOut);
    const speed = skipSpeed ? [] : quick ? measureQuickSpeed(speedSubjects(), pool, queries) : measureSpeed(speedSubjects(), pool, queries);
    const meaningSpeed = skipSpeed || semantic === undefined ? [] : await measureMeaningSpeed(BY_MEANING_NAME, semantic, pool, queries);
    // Whole processes over Seal-Tools (4,076 tools, its 700 held-out queries) and a session at 10,000 tools (issue 14).
    const seal = heldOut.find((dataset) => dataset.name === 'Seal-Tools test_in');
    const processSpeed =
      skipSpeed || quick || seal === undefined
        ? undefined
        : await measureProcessSpeed(
            seal.tools,
            seal.queries.map((query) => query.text),
            pool,
            queries,
          );
    const stamp = runStamp();
    const report = `${quick ? `${QUICK_RUN_NOTE}\n\n` : ''}${renderReport(quality, speed, stamp, meaningSpeed, processSpeed)}`;
    process.stdout.write(`${report}\n`);
    if (resultsFolder === undefined || skipSpeed || skipQuality) return;
    mkdirSync(resultsFolder, { recursive: true });
    writeFileSync(join(resultsFolder, 'search.md'), report);
    writeFileSync(
      join(resultsFolder, 'search.json'),
      `${JSON.stringify({ stamp, quality, speed, meaningSpeed, processSpeed }, null, 2)}\n`,
    );
    const heldOutNames = new Set(heldOut.map((dataset) => dataset.name));
    const chart = renderChart(
      quality.filter((row) => heldOutNames.has(row.dataset)),
      speed,
      `npm run bench, ${stamp.date}, commit ${stamp.commit}, ${stamp.machine}`,
      meaningSpeed,
    );
    writeFileSync(join(resultsFolder, 'search.svg'), chart);
    process.stderr.write(`Wrote ${resultsFolder}/search.md, search.json, search.svg\n`);
  },
};

/**
 * The sets the quality part measures: all of them (the first `reported` are the reported ones), those
 * whose name contains `wanted` (letters and digits compared, case-insensitive), and for `quick` only the
 * reported ones, each cut to a seeded sample of its queries. An unmatched name throws, listing the names.
 */
function chooseQualitySets(
  all: readonly RetrievalDataset[],
  reported: number,
  wanted: string | undefined,
  quick: boolean,
): RetrievalDataset[] {
  const key = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const chosen =
    wanted === undefined ? (quick ? all.slice(0, reported) : [...all]) : all.filter((dataset) => key(dataset.name).includes(key(wanted)));
  if (chosen.length === 0)
    throw new Error(`no data set is named like '${wanted}'; the sets are: ${all.map((dataset) => dataset.name).join(', ')}`);
  return quick ? chosen.map((dataset) => sampleDataset(dataset, QUICK_QUERIES_PER_SET)) : chosen;
}

function speedSubjects(): SpeedSubject[] {
  return [
    {
      name: 'Tool Search (ours)',
      build: (tools) => buildSearchIndex(tools),
      query: (index, query, limit) => searchIndex(index as SearchIndex, query, limit),
    },
    {
      name: 'MiniSearch 7',
      build: (tools) => buildMiniSearch(tools),
      query: (index, query, limit) => (index as ReturnType<typeof buildMiniSearch>).search(query).slice(0, limit),
    },
  ];
}

function runStamp(): RunStamp {
  const commit = gitOutput(['rev-parse', '--short', 'HEAD']) ?? 'unknown';
  const dirty = gitOutput(['status', '--porcelain', '--', 'src/catalog', 'bench/search']) ?? '';
  const processor = cpus()[0]?.model.trim() ?? 'unknown CPU';
  return {
    date: new Date().toISOString().slice(0, 10),
    commit: dirty === '' ? commit : `${commit} (+ uncommitted changes)`,
    node: `Node ${process.versions.node}`,
    machine: `${cpus().length} cores, ${processor}, load average ${loadavg()[0]!.toFixed(1)} at the end of the run`,
  };
}

function gitOutput(args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: REPOSITORY_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}
