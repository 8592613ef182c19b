import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createSemanticRanker, createToolSearchSession, DEFAULT_TOOL_SEARCH_CONFIG, type Tool, type ToolSearchResult } from '../../src/index.ts';
import { loadSentenceEncoder, type SentenceEncoder } from '../../src/integrations/sentence-encoder/index.ts';

/** Deferrable MCP tools that share few words with the requests below. */
function catalog(): Tool[] {
  const tool = (name: string, description: string): Tool => ({
    name: `mcp_facts_${name}`,
    originalName: name,
    description,
    parameters: { type: 'object', properties: { season: { type: 'string' } } },
    toolset: 'mcp-facts',
    kind: 'mcp',
    execute: async () => 'ok',
  });
  return [
    tool('sports_ranking_get_champion', 'Get the champion of a sports league for a season.'),
    tool('science_facts_get_weight', 'Look up the weight of a particle or object.'),
    tool('get_current_weather', 'Current weather for a city.'),
    tool('create_issue', 'Open a GitHub issue.'),
    tool('movie_search', 'Find movies by title.'),
  ];
}

async function firstMatch(semantic: ReturnType<typeof createSemanticRanker> | undefined, query: string): Promise<string | undefined> {
  const session = createToolSearchSession({
    tools: catalog(),
    config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' },
    ...(semantic === undefined ? {} : { semantic }),
  });
  const outcome = await session.call('tool_search', { query, limit: 3 });
  assert.ok(outcome.ok, JSON.stringify(outcome));
  return (outcome.value as ToolSearchResult).matches[0]?.tool;
}

describe('the local sentence encoder (tool-search/sentence-encoder)', () => {
  let encoder: SentenceEncoder;
  before(async () => {
    encoder = await loadSentenceEncoder();
  });

  it('computes with ONNX Runtime when onnxruntime-node is installed (a devDependency here)', () => {
    assert.equal(encoder.engine, 'onnxruntime');
    assert.deepEqual(encoder.passedOver, []);
  });

  it('embeds texts offline into vectors whose cosine follows meaning', async () => {
    const [champion, winner, weather] = await encoder.embed(['who won the championship', 'the winner of the title', 'is it raining']);
    const cosine = (left: ArrayLike<number>, right: ArrayLike<number>) => {
      let dot = 0, leftNorm = 0, rightNorm = 0;
      for (let index = 0; index < left.length; index++) {
        dot += left[index]! * right[index]!;
        leftNorm += left[index]! ** 2;
        rightNorm += right[index]! ** 2;
      }
      return dot / Math.sqrt(leftNorm * rightNorm);
    };
    assert.equal(champion!.length, 512);
    assert.ok(cosine(champion!, winner!) > cosine(champion!, weather!));
  });

  it('embeds in its own thread, so the caller keeps serving while a catalog is embedded', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await encoder.embed(Array.from({ length: 12 }, (_, index) => `tool number ${index}: does one thing or another for a while`));
    } finally {
      clearInterval(timer);
    }
    assert.ok(ticks > 0, 'the event loop never ran while the encoder worked');
  });

  it('embeds a query ahead of a catalog already waiting, to the same vector as alone', async () => {
    const query = 'who won the world series in 2020';
    const [alone] = await encoder.embed([query], 'query');
    let catalogDone = false;
    const catalogTexts = Array.from({ length: 80 }, (_, index) => `tool ${index}: looks up facts about sports, seasons, leagues and their champions`);
    const embedding = encoder.embed(catalogTexts, 'tools').then((vectors) => ((catalogDone = true), vectors));
    const [urgent] = await encoder.embed([query], 'query');
    assert.equal(catalogDone, false, 'the query waited for the whole catalog');
    assert.deepEqual(Array.from(urgent!), Array.from(alone!));
    assert.equal((await embedding).length, catalogTexts.length);
  });

  it('embeds with the eager encoder, which also takes the empty text the graph rejects', async () => {
    const [empty] = await encoder.embed(['']);
    assert.equal(empty!.length, 512);
  });

  it('rejects with a clear message once closed', async () => {
    const closing = await loadSentenceEncoder();
    await closing.close();
    await assert.rejects(closing.embed(['anything']), /the sentence encoder was closed/);
  });

  it('lets tool_search find by meaning what the words alone rank lower', async () => {
    const query = 'who won the world series in 2020';
    assert.notEqual(await firstMatch(undefined, query), 'sports_ranking_get_champion');
    assert.equal(await firstMatch(createSemanticRanker(encoder), query), 'sports_ranking_get_champion');
  });
});
