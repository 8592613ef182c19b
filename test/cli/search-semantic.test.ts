import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MEANING_QUERY, MEANING_TOOLS, WORDS_FIRST } from '../support/meaning-fixture.ts';
import { runCli } from '../support/run-cli.ts';
import { decodeVectorFile, encodeHeader, encodeRecords, readVectorFileHeader } from '../../src/integrations/sentence-encoder/vector-file-format.ts';

const directory = mkdtempSync(join(tmpdir(), 'tool-search-semantic-'));
after(() => rmSync(directory, { recursive: true, force: true }));
// The CLI keeps tool vectors in TOOL_SEARCH_CACHE_DIR; never in the real user cache from a test.
const cacheDirectory = join(directory, 'cache');
process.env['TOOL_SEARCH_CACHE_DIR'] = cacheDirectory;

/** The cache file's vectors once every tool's is written (the CLI appends them as they come). */
async function cachedVectors(count: number): Promise<{ path: string; model: string; vectors: Map<string, Float32Array> }> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const name = existsSync(cacheDirectory) ? readdirSync(cacheDirectory).find((file) => file.endsWith('.bin')) : undefined;
    if (name !== undefined) {
      const path = join(cacheDirectory, name);
      const bytes = readFileSync(path);
      const model = readVectorFileHeader(bytes)?.model;
      const vectors = model === undefined ? new Map<string, Float32Array>() : decodeVectorFile(bytes, model).vectors;
      if (model !== undefined && vectors.size >= count) return { path, model, vectors };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no cache file with ${count} vectors in ${cacheDirectory}`);
}

function toolsFile(): string {
  const toolsets: Record<string, unknown[]> = {};
  for (const { toolset, name, description } of MEANING_TOOLS) {
    (toolsets[toolset] ??= []).push({ name, description, parameters: { type: 'object', properties: {} } });
  }
  const path = join(directory, 'tools.json');
  writeFileSync(path, JSON.stringify(toolsets));
  return path;
}

// Loads the real sentence encoder (a devDependency): one test, one load.
describe('tool-search search --semantic', () => {
  it('adds by meaning, after the words ranking\'s first two, a tool that the words-only search does not find', async () => {
    const tools = toolsFile();
    const words = await runCli(['search', '--tools', tools, '--json', MEANING_QUERY]);
    assert.equal(words.code, 0, words.stderr);
    const byWords = JSON.parse(words.stdout).matches.map((match: { name: string }) => match.name);
    assert.deepEqual(byWords, [...WORDS_FIRST], 'the premise: by words, only the clock and the TV series tools');

    const semantic = await runCli(['search', '--tools', tools, '--semantic', '--json', MEANING_QUERY]);
    assert.equal(semantic.code, 0, semantic.stderr);
    assert.equal(semantic.stderr, '', 'no warnings: the encoder loaded and every tool was embedded in time');
    const result = JSON.parse(semantic.stdout);
    assert.equal(result.query, MEANING_QUERY);
    assert.equal(result.total_available, 5);
    const bySemantic = result.matches.map((match: { name: string }) => match.name);
    assert.deepEqual(bySemantic.slice(0, 3), [...WORDS_FIRST, 'sports_ranking_get_champion']);

    // The tools' vectors were kept; the query's never is. Swapped in the file, the champion's and the
    // weight tool's vectors put the weight tool where the champion was, which shows the next run reads
    // them instead of embedding the tools again.
    const { path, model, vectors } = await cachedVectors(MEANING_TOOLS.length);
    assert.match(model, /^@energetic-ai\/model-embeddings-en@\d+\.\d+\.\d+\+encoder-\d+$/);
    assert.ok(![...vectors.keys()].some((text) => text.includes('world series')), 'the query was written to the cache');
    const champion = [...vectors.keys()].find((text) => text.includes('champion'))!;
    const weight = [...vectors.keys()].find((text) => text.includes('weight'))!;
    const swapped = [...vectors].map(([text, vector]) => [text, text === champion ? vectors.get(weight)! : text === weight ? vectors.get(champion)! : vector] as const);
    writeFileSync(path, Buffer.concat([encodeHeader(model, 512), encodeRecords(swapped, 512)]));
    const fromCache = await runCli(['search', '--tools', tools, '--semantic', '--json', MEANING_QUERY]);
    assert.equal(fromCache.code, 0, fromCache.stderr);
    assert.equal(JSON.parse(fromCache.stdout).matches[2].name, 'science_facts_get_weight');
  });

  it('warns once and still ranks by meaning when the cache directory cannot be used', async () => {
    const blocker = join(directory, 'not-a-folder');
    writeFileSync(blocker, '');
    process.env['TOOL_SEARCH_CACHE_DIR'] = blocker;
    try {
      const run = await runCli(['search', '--tools', toolsFile(), '--semantic', '--json', MEANING_QUERY]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(JSON.parse(run.stdout).matches[2].name, 'sports_ranking_get_champion');
      // Reading the file fails (a file stands where its folder should be) before any tool is embedded.
      assert.match(run.stderr, /^warning: the vector cache .*not-a-folder.* cannot be used \(.+\); tool texts will be embedded again next time\n$/);
    } finally {
      process.env['TOOL_SEARCH_CACHE_DIR'] = cacheDirectory;
    }
  });
});
