import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildSearchIndex, type SearchIndex } from '../../src/catalog/build-search-index.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import type { BenchModule } from '../bench-module.ts';
import { REPOSITORY_ROOT, resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, loadMcpHeldOutSets, loadTuningSets, speedToolPool } from './datasets/benchmark-sets.ts';
import { measureQuality } from './measure-quality.ts';
import { measureMeaningSpeed } from './measure-meaning-speed.ts';
import { measureSpeed, type SpeedSubject } from './measure-speed.ts';
import { measureProcessSpeed } from './measure-process-speed.ts';
import { createSemanticRanker } from '../../src/catalog/semantic-ranker.ts';
import { buildMiniSearch, miniSearchRanker } from './rankers/minisearch-ranker.ts';
import { referenceBm25Ranker } from './rankers/reference-bm25-ranker.ts';
import { toolSearchRanker } from './rankers/tool-search-ranker.ts';
import { byMeaningRanker } from './rankers/by-meaning-ranker.ts';
import { loadSentenceEncoder } from '../../src/integrations/sentence-encoder/index.ts';
import { renderChart } from './render-chart.ts';
import { renderReport, type RunStamp } from './render-report.ts';
import { createSeededRandom, shuffled } from './seeded-random.ts';

/** Where the committed results go. */
export const SEARCH_RESULTS_FOLDER = join(REPOSITORY_ROOT, 'bench', 'results');

/** The report's label for the default search fused with the local sentence encoder. */
export const BY_MEANING_NAME = 'Ours + sentence encoder (opt-in)';

/** Queries sampled (seeded) from the held-out sets to time searches with. */
const SPEED_QUERY_COUNT = 400;

/**
 * The search benchmark (issue 4): retrieval quality of this library's search against a plain BM25 and
 * MiniSearch on the public data sets, then build/query time and memory against MiniSearch from 10 to
 * 50,000 tools. Writes bench/results/search.md, search.json and search.svg. `--skip-speed` or
 * `--skip-quality` run half of it and write nothing; `--skip-meaning` leaves out the sentence-encoder row.
 */
export const searchBench: BenchModule = {
  name: 'search: retrieval quality and speed',
  async run(argv) {
    const skipSpeed = argv.includes('--skip-speed');
    const skipQuality = argv.includes('--skip-quality');
    const dataRoot = resolveDataRoot();
    const heldOut = loadHeldOutSets(dataRoot);
    const tuning = loadTuningSets(dataRoot);
    const rankers = [toolSearchRanker, referenceBm25Ranker, miniSearchRanker];
    // The opt-in ranking by meaning (tool-search/sentence-encoder), reported beside the default. One
    // ranker serves the quality and speed runs, so that a tool text is embedded once (its cache is
    // keyed on text). A failure to rank by meaning stops the bench rather than timing words alone.
    const encoder = argv.includes('--skip-meaning') || (skipQuality && skipSpeed) ? undefined : await loadSentenceEncoder();
    const semantic =
      encoder === undefined
        ? undefined
        : createSemanticRanker(encoder, {
            maxCachedTexts: 500_000,
            onError: (error) => {
              throw error;
            },
          });
    if (!skipQuality && semantic !== undefined) rankers.push(byMeaningRanker(BY_MEANING_NAME, semantic));
    const quality = skipQuality ? [] : await measureQuality([...heldOut, ...loadMcpHeldOutSets(), ...tuning], rankers);
    const pool = speedToolPool(heldOut, dataRoot);
    const queries = shuffled(
      heldOut.flatMap((dataset) => dataset.queries.map((query) => query.text)),
      createSeededRandom(11),
    ).slice(0, SPEED_QUERY_COUNT);
    const speed = skipSpeed ? [] : measureSpeed(speedSubjects(), pool, queries);
    const meaningSpeed = skipSpeed || semantic === undefined ? [] : await measureMeaningSpeed(BY_MEANING_NAME, semantic, pool, queries);
    // Whole processes over Seal-Tools (4,076 tools, its 700 held-out queries) and a session at 10,000 tools (issue 14).
    const seal = heldOut.find((dataset) => dataset.name === 'Seal-Tools test_in');
    const processSpeed = skipSpeed || seal === undefined ? undefined : await measureProcessSpeed(seal.tools, seal.queries.map((query) => query.text), pool, queries);
    await encoder?.close();
    const stamp = runStamp();
    const report = renderReport(quality, speed, stamp, meaningSpeed, processSpeed);
    process.stdout.write(`${report}\n`);
    if (skipSpeed || skipQuality) return;
    mkdirSync(SEARCH_RESULTS_FOLDER, { recursive: true });
    writeFileSync(join(SEARCH_RESULTS_FOLDER, 'search.md'), report);
    writeFileSync(join(SEARCH_RESULTS_FOLDER, 'search.json'), `${JSON.stringify({ stamp, quality, speed, meaningSpeed, processSpeed }, null, 2)}\n`);
    const heldOutNames = new Set(heldOut.map((dataset) => dataset.name));
    const chart = renderChart(
      quality.filter((row) => heldOutNames.has(row.dataset)),
      speed,
      `npm run bench, ${stamp.date}, commit ${stamp.commit}, ${stamp.machine}`,
      meaningSpeed,
    );
    writeFileSync(join(SEARCH_RESULTS_FOLDER, 'search.svg'), chart);
    process.stderr.write(`Wrote ${join('bench', 'results')}/search.md, search.json, search.svg\n`);
  },
};

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
