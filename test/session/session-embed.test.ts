import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import { resolveToolSearchConfig } from '../../src/config/tool-search-config.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import type { Tool } from '../../src/tools/tool.ts';
import type { ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { bagOfStems } from '../support/embeddings-endpoint.ts';
import { MEANING_QUERY, MEANING_TOOLS, WORDS_FIRST } from '../support/meaning-fixture.ts';

const tools: Tool[] = MEANING_TOOLS.map(({ toolset, name, description }) => ({
  name,
  description,
  parameters: { type: 'object', properties: {} },
  toolset: `mcp-${toolset}`,
  kind: 'mcp',
}));
const config = resolveToolSearchConfig({ enabled: 'on' }).config;

/** The matches' names of a tool_search outcome. */
function namesOf(outcome: Awaited<ReturnType<ReturnType<typeof createToolSearchSession>['call']>>): string[] {
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return (outcome.value as ToolSearchResult).matches.map((match) => match.name);
}

describe('a session with an embed function', () => {
  it("adds meaning's tool after the words ranking's first two", async () => {
    const session = createToolSearchSession({ tools, config, embed: async (texts) => bagOfStems(texts) });
    assert.deepEqual(namesOf(await session.call('tool_search', { query: MEANING_QUERY })).slice(0, 3), [
      ...WORDS_FIRST,
      'sports_ranking_get_champion',
    ]);
  });

  it('ranks by words alone when the embedder fails', async () => {
    const session = createToolSearchSession({ tools, config, embed: async () => Promise.reject(new Error('endpoint down')) });
    assert.deepEqual(namesOf(await session.call('tool_search', { query: MEANING_QUERY })), [...WORDS_FIRST]);
  });

  it('shares its embedder with child sessions: a tool text is embedded once', async () => {
    const embedded: string[] = [];
    const session = createToolSearchSession({ tools, config, embed: async (texts) => (embedded.push(...texts), bagOfStems(texts)) });
    await session.call('tool_search', { query: MEANING_QUERY });
    await session.child({ toolsets: tools.map((tool) => tool.toolset) }).call('tool_search', { query: MEANING_QUERY });
    assert.equal(embedded.length, new Set(embedded).size);
  });

  it('refuses an embed function beside a ranker, naming both options', () => {
    const semantic = createSemanticRanker({ embed: async (texts) => bagOfStems([...texts]) });
    assert.throws(() => createToolSearchSession({ tools, embed: async (texts) => bagOfStems(texts), semantic }), {
      name: 'ToolSearchError',
      code: 'invalid_options',
      message:
        'Give createToolSearchSession either `embed` (an embedding function) or `semantic` (a ranker made with createSemanticRanker), not both.',
    });
  });
});
