import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SEARCH_OPTIONS, type SearchOptions } from '../../src/catalog/index/search-options.ts';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import { searchIndex, searchTools } from '../../src/catalog/search-tools.ts';
import { realisticSession } from '../support/fixtures.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { loadMcpSample, makeTool } from './catalog-fixtures.ts';

const sample = loadMcpSample();

function topNames(query: string, limit = 5, tools = sample): string[] {
  return searchTools(tools, query, limit).map((match) => match.tool.originalName ?? match.tool.name);
}

describe('searchTools', () => {
  it('ranks a tool whose name is exactly the query first', () => {
    assert.equal(topNames('create_issue')[0], 'create_issue');
    assert.equal(topNames('mcp_slack_slack_post_message')[0], 'slack_post_message');
  });

  it('treats case and separators alike for an exact name', () => {
    assert.equal(topNames('Create Issue')[0], 'create_issue');
    assert.equal(topNames('createIssue')[0], 'create_issue');
  });

  it('puts an exact name first even when other tools repeat the query words more', () => {
    const tools = [makeTool('issue_report', 'report report report an issue issue issue'), makeTool('report', 'Files something.')];
    assert.equal(searchTools(tools, 'report', 2)[0]!.tool.name, 'report');
  });

  it('finds tools by the words of their identifiers', () => {
    assert.equal(topNames('post a message to a slack channel')[0], 'slack_post_message');
    assert.equal(topNames('geocode an address')[0], 'maps_geocode');
  });

  it('matches inflected words through stemming', () => {
    assert.ok(topNames('creating issues', 3).includes('create_issue'));
    assert.ok(topNames('listed commits', 3).includes('list_commits'));
  });

  it('matches synonyms of tool verbs and nouns at a lower weight', () => {
    const tools = [makeTool('delete_file', 'Deletes a file.'), makeTool('read_file', 'Reads a file.')];
    assert.equal(searchTools(tools, 'remove file', 2)[0]!.tool.name, 'delete_file');
    const withoutSynonyms = searchTools(tools, 'remove file', 2, { synonymWeight: 0 });
    assert.equal(withoutSynonyms[0]!.score, withoutSynonyms[1]!.score);
  });

  it('finds "GitHub" in a description when asked for "github"', () => {
    const tools = [makeTool('open_pr', 'Opens a pull request on GitHub.'), makeTool('open_mr', 'Opens a merge request on GitLab.')];
    assert.equal(searchTools(tools, 'github', 2)[0]!.tool.name, 'open_pr');
  });

  it('counts a name match above the same word in a description', () => {
    const tools = [makeTool('weather_forecast', 'Returns data.'), makeTool('lookup', 'Returns the weather forecast data.')];
    assert.equal(searchTools(tools, 'weather forecast', 2)[0]!.tool.name, 'weather_forecast');
  });

  it('uses parameter descriptions and enum values to order tools that match the query', () => {
    const withParameter = (name: string, parameter: Record<string, unknown>): Tool => ({
      ...makeTool(name, 'Calculates an area.'),
      parameters: { type: 'object', properties: { value: { type: 'string', ...parameter } } },
    });
    const tools = [
      withParameter('area_v1', { description: 'Length of one side of the square.' }),
      withParameter('area_v2', { description: 'Radius of the circle.', enum: ['metres', 'feet'] }),
    ];
    assert.equal(searchTools(tools, 'area of a circle', 2)[0]!.tool.name, 'area_v2');
    assert.equal(searchTools(tools, 'area of a square', 2)[0]!.tool.name, 'area_v1');
    assert.equal(searchTools(tools, 'area in feet', 2)[0]!.tool.name, 'area_v2');
    const off = searchTools(tools, 'area of a circle', 2, { fieldWeights: { parameterDescriptions: 0 } });
    assert.equal(off[0]!.score, off[1]!.score);
  });

  it('does not find a tool by its parameter descriptions alone', () => {
    const tools = [
      {
        ...makeTool('area', 'Calculates an area.'),
        parameters: { type: 'object', properties: { r: { type: 'number', description: 'Radius.' } } },
      },
    ];
    assert.deepEqual(searchTools(tools, 'radius', 5), []);
  });

  it('ranks a query the same after other queries on the same index as on a fresh one (no score carries over)', () => {
    const tools = realisticSession();
    const queries = [
      'open a pull request on github, then post the link in the issue and close it',
      'list kubernetes pods',
      'take a screenshot of the page',
    ];
    const warm = buildSearchIndex(tools);
    for (const query of queries) searchIndex(warm, query, 10);
    for (const query of queries) {
      const fresh = searchIndex(buildSearchIndex(tools), query, 10).map(({ tool, score }) => [tool.name, score]);
      assert.deepEqual(
        searchIndex(warm, query, 10).map(({ tool, score }) => [tool.name, score]),
        fresh,
        query,
      );
    }
  });

  it('ignores stop words', () => {
    assert.deepEqual(topNames('the directions'), topNames('directions'));
  });

  it('gives each part of a long query a tool before near-duplicates of the first', () => {
    const filler = Array.from({ length: 30 }, (_, index) => makeTool(`tool_${index}`, `Handles record number ${index} of the archive.`));
    const tools = [
      makeTool('get_weather_forecast', 'Weather forecast for a city.'),
      makeTool('get_weather_forecast_hourly', 'Hourly weather forecast for a city.'),
      makeTool('get_weather_forecast_daily', 'Daily weather forecast for a city.'),
      makeTool('send_email', 'Send an email.'),
      ...filler,
    ];
    const query = 'get the weather forecast for the city of Paris for tomorrow morning, then email it to my manager';
    // Coordination as for a long request, so that only diversification and clauses change the order.
    const coordination = { shortRequestCoordination: 0.5 };
    const diversified = searchTools(tools, query, 4, { ...coordination, diversity: 0.1, clauseWeight: 0 }).map((match) => match.tool.name);
    assert.deepEqual(diversified.slice(0, 2), ['get_weather_forecast', 'send_email']);
    const plain = searchTools(tools, query, 4, { ...coordination, diversity: 1, clauseWeight: 0 }).map((match) => match.tool.name);
    assert.equal(plain[0], 'get_weather_forecast');
    assert.equal(plain[3], 'send_email');
    const byClause = searchTools(tools, query, 4, { ...coordination, diversity: 1 }).map((match) => match.tool.name);
    assert.ok(byClause.indexOf('send_email') < plain.indexOf('send_email'), 'the second clause, ranked on its own, moves its best tool up');
  });

  it('weighs coverage of a short request by shortRequestCoordination and of a long one by coordination', () => {
    const tools = [makeTool('alpha_tool', 'Works on alpha.'), makeTool('gamma_tool', 'Works on gamma and delta.')];
    // alpha_tool matches one of the two words: its coverage factor is (1/2) to the exponent.
    const scoreOf = (options: SearchOptions) =>
      searchTools(tools, 'alpha gamma', 2, options).find((match) => match.tool.name === 'alpha_tool')!.score;
    const ratio = scoreOf({ shortRequestCoordination: 0.9 }) / scoreOf({ shortRequestCoordination: 0.5 });
    assert.ok(Math.abs(ratio - Math.pow(0.5, 0.4)) < 1e-9, `ratio ${ratio}`);
    // From two words on the request counts as long: coordination (0.5) applies, whatever the short one.
    const long =
      scoreOf({ shortRequestWords: 2, shortRequestCoordination: 0.9 }) / scoreOf({ shortRequestWords: 2, shortRequestCoordination: 0.5 });
    assert.ok(Math.abs(long - 1) < 1e-9, `ratio ${long}`);
  });

  it('counts a word that only descriptions use at the description-only weight, and a word of names fully', () => {
    const describing = [makeTool('store_records', 'Keeps a summary.'), makeTool('list_records', 'Lists records.')];
    const scoreOf = (tools: Tool[], options?: SearchOptions) => searchTools(tools, 'summary', 1, options)[0]!.score;
    assert.ok(Math.abs(scoreOf(describing) / scoreOf(describing, { descriptionOnlyWordWeight: 1 }) - 0.5) < 1e-9);
    assert.ok(
      Math.abs(scoreOf(describing, { descriptionOnlyWordWeight: 0.2 }) / scoreOf(describing, { descriptionOnlyWordWeight: 1 }) - 0.2) <
        1e-9,
    );
    const naming = [...describing, makeTool('summary_of_day', 'Daily digest.')];
    const stored = (options?: SearchOptions) =>
      searchTools(naming, 'summary', 3, options).find((match) => match.tool.name === 'store_records')!.score;
    assert.ok(Math.abs(stored() - stored({ descriptionOnlyWordWeight: 1 })) < 1e-9, "a word in one of its two tools' names counts fully");
  });

  it('does not diversify a short query', () => {
    const tools = [
      makeTool('get_weather_forecast', 'Weather forecast.'),
      makeTool('get_weather_daily', 'Daily weather.'),
      makeTool('send_email', 'Email.'),
    ];
    const names = searchTools(tools, 'weather email', 3, { diversity: 0.01 }).map((match) => match.tool.name);
    assert.deepEqual(
      names,
      searchTools(tools, 'weather email', 3, { diversity: 1 }).map((match) => match.tool.name),
    );
  });

  it('falls back to a tool-name substring match when no word matches', () => {
    const tools = [makeTool('mcp_github_get_issue', 'Fetch one.'), makeTool('mcp_github_list', 'List.'), makeTool('other', 'Other.')];
    const matches = searchTools(tools, 'ithub_ge', 5);
    assert.deepEqual(
      matches.map((match) => match.tool.name),
      ['mcp_github_get_issue'],
    );
    assert.equal(matches[0]!.score, 0);
  });

  it('returns nothing for a non-positive limit or an empty catalog', () => {
    assert.deepEqual(searchTools(sample, 'slack', 0), []);
    assert.deepEqual(searchTools([], 'slack', 5), []);
    assert.deepEqual(searchTools(sample, 'zzzz qqqq', 5), []);
  });

  it('reports scores that never increase down the list', () => {
    for (const query of ['github', 'create_issue', 'send a message and get directions to the airport then open an issue for it']) {
      const scores = searchTools(sample, query, 10).map((match) => match.score);
      for (let index = 1; index < scores.length; index++) assert.ok(scores[index - 1]! >= scores[index]!, query);
    }
  });

  it('does not change the options it is given or the defaults', () => {
    const options = { fieldWeights: { name: 4 } };
    searchTools(sample, 'slack', 3, options);
    assert.deepEqual(options, { fieldWeights: { name: 4 } });
    assert.equal(DEFAULT_SEARCH_OPTIONS.fieldWeights.name, 3);
    assert.ok(Object.isFrozen(DEFAULT_SEARCH_OPTIONS));
  });

  it('reads only the first 2,048 words of a query', () => {
    const tools = [makeTool('paint_zebra', 'Paint stripes on a zebra.'), makeTool('feed_cat', 'Feed the cat.')];
    const filler = Array.from({ length: 2_047 }, () => 'z').join(' ');
    assert.deepEqual(topNames(`${filler} zebra`, 5, tools), ['paint_zebra']);
    assert.deepEqual(topNames(`${filler} cat zebra`, 5, tools), ['feed_cat']);
  });

  it('reads only the first 20,000 characters of a query', () => {
    const tools = [makeTool('paint_zebra', 'Paint stripes on a zebra.'), makeTool('feed_cat', 'Feed the cat.')];
    assert.deepEqual(topNames(`${'-'.repeat(19_994)} zebra`, 5, tools), ['paint_zebra']);
    assert.deepEqual(topNames(`${'-'.repeat(19_995)} zebra`, 5, tools), []);
    assert.deepEqual(topNames(`cat ${'-'.repeat(1_000_000)} zebra`, 5, tools), ['feed_cat']);
  });
});
