/**
 * What the opt-in ranking by meaning costs: embedding a catalog (once per tool text, then cached) and
 * a tool_search with the sentence encoder over catalogs synthesized from the real tools, against the
 * same search by words alone (index build included, as each tool_search does). A quick report, not
 * part of `npm run bench`, because embedding 10,000 tools takes minutes on 2 cores.
 * Usage: tsx bench/search/time-meaning.ts [sizes, default 100,1000,10000]
 */
import { searchToolsByMeaning } from '../../src/catalog/search-tools-by-meaning.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { createSemanticRanker } from '../../src/catalog/semantic-ranker.ts';
import { loadSentenceEncoder } from '../../src/integrations/sentence-encoder/index.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, speedToolPool } from './datasets/benchmark-sets.ts';
import { createSeededRandom, shuffled } from './seeded-random.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';

const QUERY_COUNT = 60;
const sizes = (process.argv[2] ?? '100,1000,10000').split(',').map(Number);
const dataRoot = resolveDataRoot();
const heldOut = loadHeldOutSets(dataRoot);
const pool = speedToolPool(heldOut, dataRoot);
const queries = shuffled(heldOut.flatMap((dataset) => dataset.queries.map((query) => query.text)), createSeededRandom(11)).slice(0, QUERY_COUNT);
const median = (values: number[]): number => [...values].sort((left, right) => left - right)[values.length >> 1]!;

let started = performance.now();
const encoder = await loadSentenceEncoder();
console.log(`sentence encoder loaded in ${(performance.now() - started).toFixed(0)} ms`);
console.log('| tools | embed catalog s | per tool ms | query by meaning median ms | by words median ms |');
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const size of sizes) {
  const tools = synthesizeCatalog(pool, size, size);
  const ranker = createSemanticRanker(encoder, { timeoutMs: 3_600_000 });
  started = performance.now();
  await ranker.warm(tools);
  const embedMs = performance.now() - started;
  const byMeaning: number[] = [];
  const byWords: number[] = [];
  for (const query of queries) {
    started = performance.now();
    await searchToolsByMeaning(tools, query, 5, ranker);
    byMeaning.push(performance.now() - started);
    started = performance.now();
    searchTools(tools, query, 5);
    byWords.push(performance.now() - started);
  }
  console.log(`| ${size} | ${(embedMs / 1000).toFixed(1)} | ${(embedMs / size).toFixed(1)} | ${median(byMeaning).toFixed(1)} | ${median(byWords).toFixed(1)} |`);
}
await encoder.close();
