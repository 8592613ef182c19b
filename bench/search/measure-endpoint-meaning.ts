/**
 * Words alone against words + meaning from an OpenAI-compatible embeddings endpoint, on the held-out
 * sets (Seal-Tools test_in, BFCL, MetaTool, LiveMCPBench), the MCP request sets over unseen servers,
 * the second unseen set and the blind npm set: R@1 / R@5 per set, for three fusions of the same
 * vectors: the library's `createSemanticRanker` default (meaning may reorder from the top), the
 * earlier CLI and gateway fusion (keepWordsFirst 2), and the one `search.embeddings` and a session's
 * `embed` use now (keepWordsFirst 2 with DEFAULT_MEANING_AGREEMENT). Every catalog's tools and every
 * query are embedded once, through the endpoint, as the gateway embeds them (embeddingTextOf).
 *
 * With --pack, every catalog's tools carry the shipped request pack's requests first, as the gateway
 * attaches them by default (search.pack; balanced as createRequestSources balances them), so that
 * words and meaning are compared as a gateway user meets them; vectors are the same (requests are not
 * embedded).
 *
 * Usage: tsx bench/search/measure-endpoint-meaning.ts --url URL --model NAME [--api-key-env NAME] [--dimensions N] [--pack] [--json FILE]
 * The endpoint is the only thing reached; with a local one (Ollama, llama.cpp, TEI...) nothing leaves
 * the machine. Nothing here is tuned: it reads held-out sets only.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import type { SearchIndex } from '../../src/catalog/index/search-index.ts';
import { DEFAULT_MEANING_AGREEMENT, type SemanticRanking } from '../../src/catalog/meaning/fuse-with-meaning.ts';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { searchIndex } from '../../src/catalog/search-tools.ts';
import { createOpenAiEmbedder } from '../../src/embeddings/openai-embedder.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { resolveDataRoot } from './data-root.ts';
import { loadHeldOutSets, loadMcpHeldOutSets } from './datasets/benchmark-sets.ts';
import { loadMcpRequests } from './datasets/load-mcp-requests.ts';
import { measureRetrieval } from './retrieval-metrics.ts';
import { packCoverage, withRequests } from './requests-conditions.ts';
import { balanceRequests } from '../../src/requests/balance-requests.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';

const PACK = loadRequestPack();

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    model: { type: 'string' },
    'api-key-env': { type: 'string' },
    dimensions: { type: 'string' },
    pack: { type: 'boolean' },
    json: { type: 'string' },
  },
});
if (values.url === undefined || values.model === undefined) {
  process.stderr.write(
    'Usage: tsx bench/search/measure-endpoint-meaning.ts --url URL --model NAME [--api-key-env NAME] [--dimensions N] [--json FILE]\n',
  );
  process.exit(2);
}
const apiKey = values['api-key-env'] === undefined ? undefined : process.env[values['api-key-env']];
const embedder = createOpenAiEmbedder({
  url: values.url,
  model: values.model,
  ...(apiKey === undefined ? {} : { apiKey }),
  ...(values.dimensions === undefined ? {} : { dimensions: Number(values.dimensions) }),
  // A bench waits for every vector: no search is kept waiting here.
  timeoutMs: 600_000,
  queryTimeoutMs: 600_000,
});
const ranker = createSemanticRanker(embedder, {
  maxCachedTexts: 500_000,
  onError: (error) => {
    throw error;
  },
});

const FUSIONS: Record<string, Omit<SemanticRanking, 'documents'> | undefined> = {
  words: undefined,
  'meaning, library default': { weight: 1, wordsLeadRatio: 1.2, keepWordsFirst: 0 },
  'meaning, keepWordsFirst 2 (earlier CLI and gateway)': { weight: 1, wordsLeadRatio: 1.2, keepWordsFirst: 2 },
  'meaning that can only add (search.embeddings, embed)': {
    weight: 1,
    wordsLeadRatio: 1.2,
    keepWordsFirst: 2,
    agreement: DEFAULT_MEANING_AGREEMENT,
  },
};

const dataRoot = resolveDataRoot();
const sets = [...loadHeldOutSets(dataRoot), ...loadMcpHeldOutSets(), loadMcpRequests('blind-npm')];
const rows: { set: string; queries: number; fusion: string; recallAt1: number; recallAt5: number }[] = [];
const started = performance.now();
for (const dataset of sets) {
  const prepared: { index: SearchIndex; byMeaning: Map<string, number[]> }[] = [];
  const partOf = new Map<string, number>();
  for (const partition of dataset.partitions ?? [{ tools: dataset.tools, queries: dataset.queries }]) {
    const index = buildSearchIndex(values.pack === true ? withPackRequests(partition.tools) : partition.tools);
    await ranker.warm(index.tools);
    const byMeaning = new Map<string, number[]>();
    for (const query of partition.queries) {
      if (!partOf.has(query.text)) partOf.set(query.text, prepared.length);
      if (ranker.appliesTo(query.text) && !byMeaning.has(query.text))
        byMeaning.set(query.text, (await ranker.rank(index.tools, query.text)).documents);
    }
    prepared.push({ index, byMeaning });
  }
  for (const [fusion, setting] of Object.entries(FUSIONS)) {
    const rank = (query: string, limit: number): Tool[] => {
      const { index, byMeaning } = prepared[partOf.get(query)!]!;
      const documents = byMeaning.get(query);
      // Results are compared by name and toolset, which requests do not change.
      return searchIndex(index, query, limit, setting === undefined || documents === undefined ? undefined : { ...setting, documents }).map(
        (match) => match.tool,
      );
    };
    const scores = measureRetrieval(rank, dataset.queries);
    rows.push({ set: dataset.name, queries: dataset.queries.length, fusion, recallAt1: scores.recallAt1, recallAt5: scores.recallAt5 });
  }
  process.stderr.write(`  ${dataset.name}: ${dataset.queries.length} queries (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}

const fusions = Object.keys(FUSIONS);
console.log(`| set | queries | ${fusions.join(' | ')} |`);
console.log(`| --- | ---: | ${fusions.map(() => '---').join(' | ')} |`);
for (const dataset of sets) {
  const cells = fusions.map((fusion) => {
    const row = rows.find((candidate) => candidate.set === dataset.name && candidate.fusion === fusion)!;
    return `${row.recallAt1.toFixed(3)} / ${row.recallAt5.toFixed(3)}`;
  });
  console.log(`| ${dataset.name} | ${dataset.queries.length} | ${cells.join(' | ')} |`);
}
if (values.json !== undefined)
  writeFileSync(values.json, `${JSON.stringify({ url: values.url, model: values.model, pack: values.pack === true, rows }, null, 2)}\n`);

/** `tools` with the shipped pack's requests attached, balanced, as the gateway's default `search.pack` gives them. */
function withPackRequests(tools: readonly Tool[]): readonly Tool[] {
  const coverage = packCoverage(tools, PACK);
  const connected = new Set([...new Set(tools.map((tool) => tool.toolset))].flatMap((toolset) => coverage.packIdOf(toolset) ?? []));
  return balanceRequests(
    withRequests(tools, (tool) => coverage.requestsOf(tool)),
    { moreLenders: () => PACK.lenders(connected) },
  );
}
