/**
 * What the opt-in ranking by meaning costs, on its own: the speed half of `npm run bench`'s search by
 * meaning (measureMeaningSpeed) without the quality runs, which take far longer. Embedding the
 * 10,000-tool catalog takes minutes on 2 cores.
 * Usage: tsx bench/search/time-meaning.ts [sizes, default 10,100,1000,10000]
 */
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { loadSentenceEncoder } from '../../src/integrations/sentence-encoder/index.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, speedToolPool } from './datasets/benchmark-sets.ts';
import { MEANING_SPEED_SIZES, measureMeaningSpeed } from './measure-meaning-speed.ts';
import { createSeededRandom, shuffled } from './seeded-random.ts';

const dataRoot = resolveDataRoot();
const heldOut = loadHeldOutSets(dataRoot);
const pool = speedToolPool(heldOut, dataRoot);
// The same seeded sample as npm run bench's speed queries.
const queries = shuffled(heldOut.flatMap((dataset) => dataset.queries.map((query) => query.text)), createSeededRandom(11)).slice(0, 400);
const started = performance.now();
const encoder = await loadSentenceEncoder();
console.log(`sentence encoder loaded in ${(performance.now() - started).toFixed(0)} ms`);
const ranker = createSemanticRanker(encoder, {
  onError: (error) => {
    throw error;
  },
});
const sizes = process.argv[2] === undefined ? MEANING_SPEED_SIZES : process.argv[2].split(',').map(Number);
const rows = await measureMeaningSpeed('by meaning', ranker, pool, queries, sizes);
console.log('| tools | embedding ms per new tool | query median ms | query p99 ms | search with build median ms | by words median ms |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.size} | ${row.embedPerToolMs.toFixed(1)} | ${row.query.medianMs.toFixed(2)} | ${row.query.p99Ms.toFixed(2)} | ${row.search.medianMs.toFixed(2)} | ${row.wordsSearch.medianMs.toFixed(2)} |`,
  );
}
await encoder.close();
