import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchToolsByMeaning } from '../../src/catalog/search-tools-by-meaning.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import type { TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { makeTool } from './catalog-fixtures.ts';

/**
 * A small stand-in for a sentence encoder: each word of a fixed lexicon points along one "meaning"
 * axis, and a text is the sum of its words (a text with none of them is the zero vector, similar to nothing). Records every text it embeds.
 */
function conceptEmbedder(): TextEmbedder & { readonly embedded: string[] } {
  const axes: Record<string, number> = {
    won: 0,
    champion: 0,
    winner: 0,
    umbrella: 1,
    weather: 1,
    forecast: 1,
    bug: 2,
    issue: 2,
    mass: 3,
    weight: 3,
    movie: 5,
    film: 5,
  };
  const embedded: string[] = [];
  return {
    embedded,
    async embed(texts) {
      embedded.push(...texts);
      return texts.map((text) => {
        const vector = new Array(6).fill(0);
        for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word in axes) vector[axes[word]!] += 1;
        return vector;
      });
    },
  };
}

const tools = [
  makeTool('sports_get_champion', 'Get the champion of a league or a series of games for a season.'),
  makeTool('science_get_weight', 'Look up the weight of a particle; works for any series of particles.'),
  makeTool('get_current_weather', 'Current weather for a city.'),
  makeTool('create_issue', 'Open an issue in a repository.'),
  makeTool('movie_search', 'Find movies by title in a series of films or shows.'),
];

const names = (matches: readonly { tool: { name: string } }[]) => matches.map((match) => match.tool.name);

describe('search by meaning (a semantic ranker fused with the words-based ranking)', () => {
  it('ranks first a tool that shares no word with the query but its meaning', async () => {
    const query = 'who won the series';
    assert.notEqual(names(searchTools(tools, query, 3))[0], 'sports_get_champion', 'words alone must not already find it');
    const matches = await searchToolsByMeaning(tools, query, 3, createSemanticRanker(conceptEmbedder()));
    assert.equal(names(matches)[0], 'sports_get_champion');
    for (let index = 1; index < matches.length; index++) assert.ok(matches[index - 1]!.score >= matches[index]!.score);
  });

  it('keeps an exact name match first and the SPEC BM25 first tool in the results', async () => {
    const ranker = createSemanticRanker(conceptEmbedder());
    assert.equal(names(await searchToolsByMeaning(tools, 'create_issue', 3, ranker))[0], 'create_issue');
    // "series particles" is a words match for science_get_weight only; meaning favours nothing here.
    const specFirst = names(searchTools(tools, 'series of particles', 1))[0]!;
    assert.ok(names(await searchToolsByMeaning(tools, 'series of particles', 2, ranker)).includes(specFirst));
  });

  it('keeps a clear winner by words first, and lets meaning reorder the rest', async () => {
    // "bug weather" is a words match for get_current_weather only; meaning leans to create_issue (bug).
    const query = 'weather bug';
    const words = names(searchTools(tools, query, 3));
    assert.equal(words[0], 'get_current_weather');
    const embedder = conceptEmbedder();
    assert.equal(names(await searchToolsByMeaning(tools, query, 3, createSemanticRanker(embedder)))[0], 'get_current_weather');
    assert.equal(
      names(await searchToolsByMeaning(tools, query, 3, createSemanticRanker(embedder, { wordsLeadRatio: Infinity })))[0],
      'create_issue',
    );
  });

  it('still answers a query no word of which is in the catalog, when meaning finds a tool', async () => {
    const query = 'umbrella needed';
    assert.deepEqual(searchTools(tools, query, 3), []);
    assert.equal(names(await searchToolsByMeaning(tools, query, 3, createSemanticRanker(conceptEmbedder())))[0], 'get_current_weather');
  });

  it('does not depend on the order of the tools', async () => {
    const ranker = createSemanticRanker(conceptEmbedder());
    const first = await searchToolsByMeaning(tools, 'who won the series', 5, ranker);
    const second = await searchToolsByMeaning([...tools].reverse(), 'who won the series', 5, ranker);
    assert.deepEqual(names(second), names(first));
  });

  it('embeds each tool text once, across searches and rebuilt catalogs', async () => {
    const embedder = conceptEmbedder();
    const ranker = createSemanticRanker(embedder);
    await searchToolsByMeaning(tools, 'report a bug', 3, ranker);
    await searchToolsByMeaning(
      tools.map((tool) => ({ ...tool })),
      'report another bug',
      3,
      ranker,
    );
    assert.equal(embedder.embedded.length, tools.length + 2, embedder.embedded.join(' | '));
  });

  it('ranks a rebuilt catalog by its own texts: a changed description counts at once', async () => {
    const ranker = createSemanticRanker(conceptEmbedder(), { wordsLeadRatio: Infinity });
    const query = 'umbrella needed';
    assert.equal(names(await searchToolsByMeaning(tools, query, 1, ranker))[0], 'get_current_weather');
    // Same tools, same order, but the film search now speaks of forecasts and the weather tool of bugs.
    const changed = tools.map((tool) =>
      tool.name === 'movie_search'
        ? { ...tool, description: 'Forecast of films: umbrella weather for premieres.' }
        : tool.name === 'get_current_weather'
          ? { ...tool, description: 'Bug tracker for the city.' }
          : tool,
    );
    assert.equal(names(await searchToolsByMeaning(changed, query, 1, ranker))[0], 'movie_search');
    assert.equal(names(await searchToolsByMeaning(tools, query, 1, ranker))[0], 'get_current_weather');
  });

  it('does not wait for tools still being embedded: meaning ranks those whose vectors have come', async () => {
    const inner = conceptEmbedder();
    const purposes: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const embedder: TextEmbedder = {
      async embed(texts, purpose) {
        purposes.push(`${purpose}:${texts.length}`);
        if (purpose === 'tools' && gated) await gate;
        return inner.embed(texts);
      },
    };
    const errors: string[] = [];
    const ranker = createSemanticRanker(embedder, { wordsLeadRatio: Infinity, onError: (error) => errors.push(error.message) });
    const weather = tools.filter((tool) => tool.name === 'get_current_weather');
    await ranker.warm(weather);
    gated = true;
    // Shares no word with the query, only its meaning ("forecast" is the umbrella axis).
    const forecast = makeTool('rain_outlook', 'Forecast for rain.');
    assert.deepEqual(searchTools([...tools, forecast], 'umbrella needed', 2), []);
    void ranker.warm([...tools, forecast]); // a warm-up under way: every text but the weather tool's is on its way
    // Never released before this search returns: it ranks by meaning over what it has.
    const during = await searchToolsByMeaning([...tools, forecast], 'umbrella needed', 2, ranker);
    assert.deepEqual(names(during), ['get_current_weather']);
    release();
    await ranker.warm([...tools, forecast]);
    // Equal cosines: by name.
    assert.deepEqual(names(await searchToolsByMeaning([...tools, forecast], 'umbrella needed', 2, ranker)), [
      'get_current_weather',
      'rain_outlook',
    ]);
    assert.deepEqual(errors, []);
    // The query once (cached for the second search), each tool text once.
    assert.deepEqual(purposes, ['tools:1', `tools:${tools.length}`, 'query:1']);
  });

  it('weighs a ranking by meaning over part of the catalog (a warm-up under way) by the share it covers', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let gated = false;
    const inner = conceptEmbedder();
    const embedder: TextEmbedder = {
      async embed(texts, purpose) {
        if (purpose === 'tools' && gated) await gate;
        return inner.embed(texts);
      },
    };
    const ranker = createSemanticRanker(embedder, { wordsLeadRatio: Infinity });
    await ranker.warm(tools.filter((tool) => tool.name === 'get_current_weather'));
    gated = true;
    void ranker.warm(tools); // every other text on its way, none arrived
    // Words rank three tools; meaning has one tool of five, unrelated to the query. Fused at full
    // weight, that one tool would come second, only because it is the one embedded so far.
    const query = 'series of games';
    const byWords = names(searchTools(tools, query, 3));
    assert.equal(byWords.length, 3);
    assert.ok(!byWords.includes('get_current_weather'));
    const during = await searchToolsByMeaning(tools, query, 4, ranker);
    assert.deepEqual(names(during).slice(0, 3), byWords);
    release();
    await ranker.warm(tools);
  });

  it("reports a query vector whose length differs from the tools' and ranks by words alone", async () => {
    const errors: string[] = [];
    const uneven: TextEmbedder = { embed: async (texts) => texts.map((text) => (text.includes(':') ? [1, 0, 0] : [1, 0])) };
    const ranker = createSemanticRanker(uneven, { onError: (error) => errors.push(error.message) });
    assert.deepEqual(
      names(await searchToolsByMeaning(tools, 'weather in a city', 3, ranker)),
      names(searchTools(tools, 'weather in a city', 3)),
    );
    assert.deepEqual(errors, ['the embedder returned vectors of 2 and 3 dimensions']);
  });

  it('ranks by words alone, and tells onError, when the embedder fails or answers badly', async () => {
    const errors: string[] = [];
    const failing = createSemanticRanker(
      { embed: async () => Promise.reject(new Error('quota exceeded')) },
      { onError: (error) => errors.push(error.message) },
    );
    const short = createSemanticRanker({ embed: async () => [[1, 0]] }, { onError: (error) => errors.push(error.message) });
    const words = names(searchTools(tools, 'weather in a city', 3));
    assert.deepEqual(names(await searchToolsByMeaning(tools, 'weather in a city', 3, failing)), words);
    assert.deepEqual(names(await searchToolsByMeaning(tools, 'weather in a city', 3, short)), words);
    assert.deepEqual(errors, ['quota exceeded', `the embedder returned 1 vectors for ${tools.length} texts`]);
  });

  it('ranks by words alone when vectors do not come within the timeout, and uses them once they have', async () => {
    const errors: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const inner = conceptEmbedder();
    const slow: TextEmbedder = { embed: async (texts) => (await gate, inner.embed(texts)) };
    const ranker = createSemanticRanker(slow, { timeoutMs: 20, onError: (error) => errors.push(error.message) });
    const query = 'who won the series';
    assert.deepEqual(names(await searchToolsByMeaning(tools, query, 3, ranker)), names(searchTools(tools, query, 3)));
    assert.match(errors[0] ?? '', /no vectors within 20 ms/);
    release();
    await ranker.warm(tools);
    assert.equal(names(await searchToolsByMeaning(tools, query, 3, ranker))[0], 'sports_get_champion');
  });

  it('ranks a query with no word but stop words and punctuation by words alone, without embedding it', async () => {
    const queries: string[] = [];
    const base = conceptEmbedder();
    const embedder: TextEmbedder = {
      embed(texts, purpose) {
        if (purpose === 'query') queries.push(...texts);
        return base.embed(texts, purpose);
      },
    };
    const ranker = createSemanticRanker(embedder);
    for (const query of ['', ' , ; ', '?', 'and', 'what is it']) {
      assert.equal(ranker.appliesTo(query), false, JSON.stringify(query));
      const matches = await searchToolsByMeaning(tools, query, 3, ranker);
      assert.deepEqual(matches, searchTools(tools, query, 3), JSON.stringify(query));
      // A fused score would be finite; an unweighted one was Infinity (JSON null) for a query of no clause.
      for (const match of matches) assert.ok(Number.isFinite(match.score), `${JSON.stringify(query)}: score ${match.score}`);
    }
    assert.deepEqual(queries, []);
    assert.equal(ranker.appliesTo('who won the series'), true);
    assert.equal(createSemanticRanker(embedder, { weight: 0 }).appliesTo('who won the series'), false);
  });

  it('refuses nonsensical options with the option named', () => {
    const embedder = conceptEmbedder();
    assert.throws(() => createSemanticRanker(embedder, { weight: -1 }), /semantic weight/);
    assert.throws(() => createSemanticRanker(embedder, { depth: 0 }), /semantic depth/);
    assert.throws(() => createSemanticRanker(embedder, { keepWordsFirst: -1 }), /semantic keepWordsFirst/);
    assert.throws(() => createSemanticRanker(embedder, { keepWordsFirst: 1.5 }), /semantic keepWordsFirst/);
    assert.throws(() => createSemanticRanker(embedder, { wordsLeadRatio: 0.5 }), /wordsLeadRatio/);
    assert.throws(() => createSemanticRanker(embedder, { timeoutMs: 0 }), /timeoutMs/);
  });
});
