/**
 * What the opt-in ranking by meaning costs, on its own: the speed half of `npm run bench`'s search by
 * meaning (measureMeaningSpeed) without the quality runs, which take far longer, with meaning from an
 * OpenAI-compatible embeddings endpoint (a local one keeps it offline).
 * Usage: tsx bench/search/time-meaning.ts URL MODEL [sizes, default 10,100,1000,10000]
 */
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { createOpenAiEmbedder } from '../../src/embeddings/openai-embedder.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, speedQueries, speedToolPool } from './datasets/benchmark-sets.ts';
import { MEANING_SPEED_SIZES, measureMeaningSpeed } from './measure-meaning-speed.ts';

const dataRoot = resolveDataRoot();
const heldOut = loadHeldOutSets(dataRoot);
const pool = speedToolPool(heldOut, dataRoot);
const queries = speedQueries(heldOut);
const [url, model, sizesArgument] = process.argv.slice(2);
if (url === undefined || model === undefined) {
  process.stderr.write('Usage: tsx bench/search/time-meaning.ts URL MODEL [sizes]\n');
  process.exit(2);
}
const embedder = createOpenAiEmbedder({ url, model, apiKey: process.env['OPENAI_API_KEY'], timeoutMs: 600_000, queryTimeoutMs: 600_000 });
const ranker = createSemanticRanker(embedder, {
  onError: (error) => {
    throw error;
  },
});
const sizes = sizesArgument === undefined ? MEANING_SPEED_SIZES : sizesArgument.split(',').map(Number);
const rows = await measureMeaningSpeed('by meaning', ranker, pool, queries, sizes);
console.log('| tools | embedding ms per new tool | query median ms | query p99 ms | search with build median ms | by words median ms |');
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.size} | ${row.embedPerToolMs.toFixed(1)} | ${row.query.medianMs.toFixed(2)} | ${row.query.p99Ms.toFixed(2)} | ${row.search.medianMs.toFixed(2)} | ${row.wordsSearch.medianMs.toFixed(2)} |`,
  );
}
