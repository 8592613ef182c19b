import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expandQuery, buildSynonymTable } from '../../../src/catalog/query/expand-query.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import { weighQueryTerms } from '../../../src/catalog/rank/weigh-query-terms.ts';
import { makeTool } from '../catalog-fixtures.ts';

const table = buildSynonymTable([
  ['delete', 'remove'],
  ['weather', 'forecast'],
]);
const weights = { numberWeight: 0.3, namedWordSynonymFactor: 0.5 };

describe('weighQueryTerms', () => {
  it('gives a number, and its share of coordination, the number weight', () => {
    const weighed = weighQueryTerms(expandQuery(['integral', '5'], 0.3, table), () => false, weights);
    assert.deepEqual(
      weighed.terms.map((term) => [term.term, term.weight]),
      [
        ['integral', 1],
        ['5', 0.3],
      ],
    );
    assert.deepEqual(weighed.conceptWeights, [1, 0.3]);
  });

  it('scales the synonyms of a word that tool names use, and only those', () => {
    const named = new Set(['delet']);
    const weighed = weighQueryTerms(expandQuery(['delet', 'weath'], 0.3, table), (term) => named.has(term), weights);
    assert.deepEqual(
      weighed.terms.map((term) => [term.term, term.weight]),
      [
        ['delet', 1],
        ['remov', 0.15],
        ['weath', 1],
        ['forecast', 0.3],
      ],
    );
    assert.deepEqual(weighed.conceptWeights, [1, 1]);
  });
});

describe('searchTools with query word weights', () => {
  const catalog = [
    makeTool('Movies_1_FindMovies', 'Find movies to watch at a theater by location and genre.', ['location', 'genre']),
    makeTool('Buses_3_FindBus', 'Find a bus journey between two cities.', ['from_city', 'to_city']),
    makeTool('calculus.compute_definite_integral', 'Compute the definite integral of a function over an interval.', [
      'function',
      'interval',
    ]),
  ];

  it('does not let an argument value pick a tool whose name has that number', () => {
    const query = 'Find the integral of x^3 from 1 to 5';
    assert.equal(searchTools(catalog, query, 3)[0]?.tool.name, 'calculus.compute_definite_integral');
    assert.equal(searchTools(catalog, query, 3, { numberWeight: 1 })[0]?.tool.name, 'Movies_1_FindMovies', 'numbers at full weight do');
  });

  it('still finds a tool by a number when the request is only that number', () => {
    assert.equal(searchTools(catalog, '3', 3)[0]?.tool.name, 'Buses_3_FindBus');
  });

  it('lowers a synonym-only match when tool names already use the word itself', () => {
    const tools = [makeTool('delete_file', 'Delete a file.'), makeTool('remove_label', 'Remove a label from an issue.')];
    const scoreOf = (options: { namedWordSynonymFactor?: number }, name: string) =>
      searchTools(tools, 'delete the label', 2, options).find((match) => match.tool.name === name)?.score ?? 0;
    assert.ok(scoreOf({}, 'remove_label') < scoreOf({ namedWordSynonymFactor: 1 }, 'remove_label'));
  });
});
