import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import { searchIndexByMeaning, searchToolsByMeaning } from '../../src/catalog/search-tools-by-meaning.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import type { SemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';
import { summarizeTimings, type TimingSummary } from './timing-statistics.ts';

/** Query cost of the opt-in search by meaning at one catalog size. */
export interface MeaningSpeedRow {
  readonly subject: string;
  readonly size: number;
  /** Embedding the catalog's tool texts that the ranker had not seen yet, per tool, in ms (0 when all were cached). */
  readonly embedPerToolMs: number;
  /** One search, limit 10, with the index built and the catalog embedded beforehand (as the words-only query row). */
  readonly query: TimingSummary;
  /** One tool_search as the bridge runs it (searchToolsByMeaning): index build included, the query embedding while it builds. */
  readonly search: TimingSummary;
  /** The same by words alone (searchTools), in the same loop. */
  readonly wordsSearch: TimingSummary;
}

/** Sizes measured: 50,000 tools would take hours to embed on this machine's two cores. */
export const MEANING_SPEED_SIZES = [10, 100, 1_000, 10_000] as const;

/** Queries timed per size, after a few untimed ones. */
const QUERY_REPETITIONS = 200;
const WARM_UP_QUERIES = 10;

/**
 * Times searches by meaning over the same synthesized catalogs as measureSpeed: over a prebuilt index
 * (searchIndexByMeaning: the query embedded while the words are ranked, then fused), and as a
 * tool_search runs it, index build included (searchToolsByMeaning, beside searchTools). Every timed
 * query is a text the ranker has never embedded (a real query with its round number appended), so each
 * one pays for its embedding.
 */
export async function measureMeaningSpeed(
  subject: string,
  ranker: SemanticRanker,
  pool: readonly Tool[],
  queries: readonly string[],
  sizes: readonly number[] = MEANING_SPEED_SIZES,
): Promise<MeaningSpeedRow[]> {
  const rows: MeaningSpeedRow[] = [];
  for (const size of sizes) {
    const catalog = synthesizeCatalog(pool, size);
    const index = buildSearchIndex(catalog);
    let started = performance.now();
    await ranker.warm(index.tools);
    const embedPerToolMs = (performance.now() - started) / size;
    const times: number[] = [];
    const searchTimes: number[] = [];
    const wordsTimes: number[] = [];
    for (let round = 0; round < WARM_UP_QUERIES + QUERY_REPETITIONS; round++) {
      const text = `${queries[round % queries.length]!} ${size}.${round}`;
      started = performance.now();
      await searchIndexByMeaning(index, text, 10, ranker);
      if (round >= WARM_UP_QUERIES) times.push(performance.now() - started);
      const other = `${queries[round % queries.length]!} ${size}.${round}.build`;
      started = performance.now();
      await searchToolsByMeaning(catalog, other, 10, ranker);
      if (round >= WARM_UP_QUERIES) searchTimes.push(performance.now() - started);
      started = performance.now();
      searchTools(catalog, other, 10);
      if (round >= WARM_UP_QUERIES) wordsTimes.push(performance.now() - started);
    }
    const row = {
      subject,
      size,
      embedPerToolMs,
      query: summarizeTimings(times),
      search: summarizeTimings(searchTimes),
      wordsSearch: summarizeTimings(wordsTimes),
    };
    process.stderr.write(
      `  ${size} tools / ${subject}: embed ${embedPerToolMs.toFixed(1)} ms per new tool, query ${row.query.medianMs.toFixed(2)} ms, search with build ${row.search.medianMs.toFixed(2)} ms (words ${row.wordsSearch.medianMs.toFixed(2)} ms)\n`,
    );
    rows.push(row);
  }
  return rows;
}
