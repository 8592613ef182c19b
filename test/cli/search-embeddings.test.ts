import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SEMANTIC_RETIRED } from '../../src/config/agent-config.ts';
import { bagOfStems, startEmbeddingsEndpoint, type EmbeddingsEndpoint } from '../support/embeddings-endpoint.ts';
import { MEANING_QUERY, MEANING_TOOLS, WORDS_FIRST } from '../support/meaning-fixture.ts';
import { runCli } from '../support/run-cli.ts';

const directory = mkdtempSync(join(tmpdir(), 'tool-search-search-embeddings-'));
// The CLI keeps tool vectors in TOOL_SEARCH_CACHE_DIR; never in the real user cache from a test.
process.env['TOOL_SEARCH_CACHE_DIR'] = join(directory, 'cache');

function writeJson(name: string, value: unknown): string {
  const path = join(directory, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

const toolsFile = (): string => {
  const toolsets: Record<string, unknown[]> = {};
  for (const { toolset, name, description } of MEANING_TOOLS)
    (toolsets[toolset] ??= []).push({ name, description, parameters: { type: 'object', properties: {} } });
  return writeJson('tools.json', toolsets);
};

describe('tool-search search with search.embeddings in its --config', () => {
  let endpoint: EmbeddingsEndpoint;
  before(async () => {
    endpoint = await startEmbeddingsEndpoint(bagOfStems);
  });
  after(async () => {
    await endpoint.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("adds by meaning, after the words ranking's first two, a tool words do not find, and embeds the tools once", async () => {
    const tools = toolsFile();
    const config = writeJson('config.json', { search: { embeddings: { url: endpoint.url, model: 'stems' } } });
    const words = await runCli(['search', '--tools', tools, '--json', MEANING_QUERY]);
    assert.deepEqual(
      JSON.parse(words.stdout).matches.map((match: { name: string }) => match.name),
      [...WORDS_FIRST],
      'the premise: by words, only two tools',
    );

    const first = await runCli(['search', '--tools', tools, '--config', config, '--json', MEANING_QUERY]);
    assert.equal(first.code, 0, first.stderr);
    assert.equal(first.stderr, '');
    assert.deepEqual(
      JSON.parse(first.stdout)
        .matches.map((match: { name: string }) => match.name)
        .slice(0, 3),
      [...WORDS_FIRST, 'sports_ranking_get_champion'],
    );

    endpoint.requests.length = 0;
    const again = await runCli(['search', '--tools', tools, '--config', config, '--json', MEANING_QUERY]);
    assert.equal(JSON.parse(again.stdout).matches[2].name, 'sports_ranking_get_champion');
    assert.deepEqual(endpoint.embeddedTexts(), [MEANING_QUERY], 'the tool vectors came from the cache');
  });

  it('refuses --semantic with what to use instead', async () => {
    const run = await runCli(['search', '--tools', toolsFile(), '--semantic', MEANING_QUERY]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(`--semantic was removed: ${SEMANTIC_RETIRED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  });

  it('warns that tools.tool_search.semantic is no longer read, and ranks by words', async () => {
    const config = writeJson('semantic.json', { tools: { tool_search: { semantic: true } } });
    const run = await runCli(['search', '--tools', toolsFile(), '--config', config, '--json', MEANING_QUERY]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /^warning: tools\.tool_search\.semantic: ignored: the bundled sentence encoder was retired; to rank by meaning, give the gateway config search\.embeddings/m,
    );
    assert.deepEqual(
      JSON.parse(run.stdout).matches.map((match: { name: string }) => match.name),
      [...WORDS_FIRST],
    );
  });
});
