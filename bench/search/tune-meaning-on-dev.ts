/**
 * Grid over the fusion of the words ranking with the ranking by meaning, on the tuning sets only (the
 * sets of tune-on-dev.ts), with meaning from an OpenAI-compatible embeddings endpoint (the settings in
 * docs/search-quality.md were chosen with the bundled sentence encoder, since retired, served behind
 * one): every catalog's tools and every query are embedded once, then each setting ranks every query. Prints one line per setting: per set R@1 R@5,
 * then the balance ((R@1 + R@5) / 2 averaged over the sets). Never loads a held-out set.
 * A setting's `embeddedShare` (default 1) ranks by meaning over the first share of each catalog only,
 * as during a warm-up, which embeds in catalog order; the fusion then weighs it as a search does
 * (weight times the share), or at the full weight with `fullWeight: true`.
 * Usage: EMBEDDINGS_URL=... EMBEDDINGS_MODEL=... tsx bench/search/tune-meaning-on-dev.ts '<json list of {weight, wordsLeadRatio, keepWordsFirst?, embeddedShare?, fullWeight?, agreement?: {wordsDepth, meaningDepth}}>' [set name part]
 */
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchIndex } from '../../src/catalog/index/search-index.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { createOpenAiEmbedder } from '../../src/embeddings/openai-embedder.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadTuningSets } from './datasets/benchmark-sets.ts';
import { measureRetrieval } from './retrieval-metrics.ts';

interface FusionSetting {
  readonly weight: number;
  readonly wordsLeadRatio: number;
  readonly keepWordsFirst?: number;
  readonly embeddedShare?: number;
  readonly fullWeight?: boolean;
  readonly agreement?: { readonly wordsDepth: number; readonly meaningDepth: number };
}

const settings = JSON.parse(process.argv[2] ?? '[{"weight":1,"wordsLeadRatio":1.2,"keepWordsFirst":2}]') as FusionSetting[];
const only = process.argv[3];
const sets = loadTuningSets(resolveDataRoot()).filter((dataset) => only === undefined || dataset.name.includes(only));
const url = process.env['EMBEDDINGS_URL'];
const model = process.env['EMBEDDINGS_MODEL'];
if (url === undefined || model === undefined) {
  process.stderr.write(
    'Set EMBEDDINGS_URL and EMBEDDINGS_MODEL to an OpenAI-compatible embeddings endpoint (e.g. http://127.0.0.1:11434/v1 and nomic-embed-text).\n',
  );
  process.exit(2);
}
const encoder = createOpenAiEmbedder({ url, model, apiKey: process.env['OPENAI_API_KEY'], timeoutMs: 600_000, queryTimeoutMs: 600_000 });
const semantic = createSemanticRanker(encoder, {
  maxCachedTexts: 500_000,
  onError: (error) => {
    throw error;
  },
});

const cells = settings.map((): string[] => []);
const balances = settings.map(() => 0);
for (const dataset of sets) {
  const shares = [...new Set(settings.map((setting) => setting.embeddedShare ?? 1))];
  // Per partition: its index, and per embedded share, each query's ranking by meaning.
  const prepared: { index: SearchIndex; byMeaning: Map<number, Map<string, number[]>> }[] = [];
  const partOf = new Map<string, number>();
  for (const partition of dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }]) {
    const index = buildSearchIndex(partition.tools);
    await semantic.warm(index.tools);
    const byMeaning = new Map(shares.map((share) => [share, new Map<string, number[]>()]));
    for (const query of partition.queries) {
      if (!partOf.has(query.text)) partOf.set(query.text, prepared.length);
      if (!semantic.appliesTo(query.text)) continue;
      for (const share of shares) {
        const rankings = byMeaning.get(share)!;
        // The first tools of the catalog are its first share: their indexes are the catalog's too.
        const embedded = index.tools.slice(0, Math.ceil(index.tools.length * share));
        if (!rankings.has(query.text)) rankings.set(query.text, (await semantic.rank(embedded, query.text)).documents);
      }
    }
    prepared.push({ index, byMeaning });
  }
  settings.forEach((setting, position) => {
    const share = setting.embeddedShare ?? 1;
    const weight = setting.fullWeight === true ? setting.weight : setting.weight * share;
    const rank = (query: string, limit: number): Tool[] => {
      const { index, byMeaning } = prepared[partOf.get(query)!]!;
      const documents = byMeaning.get(share)!.get(query);
      // As searchIndexByMeaning: a query the ranker does not apply to ranks by words alone.
      const fusion =
        documents === undefined || weight <= 0
          ? undefined
          : {
              documents,
              weight,
              wordsLeadRatio: setting.wordsLeadRatio,
              keepWordsFirst: setting.keepWordsFirst ?? 0,
              ...(setting.agreement === undefined ? {} : { agreement: setting.agreement }),
            };
      return searchIndex(index, query, limit, fusion).map((match) => match.tool);
    };
    const scores = measureRetrieval(rank, dataset.queries);
    balances[position]! += (scores.recallAt1 + scores.recallAt5) / 2 / sets.length;
    cells[position]!.push(`${scores.recallAt1.toFixed(3)} ${scores.recallAt5.toFixed(3)}`);
  });
}
console.log(sets.map((dataset) => dataset.name).join(' | '));
settings.forEach((setting, position) =>
  console.log(cells[position]!.join(' | '), `| balance ${balances[position]!.toFixed(4)}`, JSON.stringify(setting)),
);
process.exit(0);
