import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMissingServices } from '../../../src/bridge/find-missing-services.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import { requestsWeightOf } from '../../../src/catalog/index/build-search-index.ts';
import { DEFAULT_SEARCH_OPTIONS, resolveSearchOptions } from '../../../src/catalog/index/search-options.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import type { Tool } from '../../../src/tools/tool.ts';
import { makeTool } from '../../support/fixtures.ts';

const merge = makeTool('merge_pull_request', 'Merge a pull request into its base branch.', { toolset: 'mcp-github' });
const comment = makeTool('add_comment', 'Add a comment to an issue or a pull request.', { toolset: 'mcp-github' });
const deploy = makeTool('deploy_site', 'Deploy the site to production.', { toolset: 'mcp-hosting' });
const names = (tools: readonly Tool[], query: string): string[] => searchTools(tools, query, 5).map((match) => match.tool.name);

describe('requests as a search field (Tool.requests)', () => {
  it('find a tool by words its own text never uses', () => {
    const withRequests = { ...merge, requests: ['make my fix part of main', 'land the change'] };
    assert.equal(names([merge, comment, deploy], 'make my fix part of main').includes('merge_pull_request'), false);
    assert.equal(names([withRequests, comment, deploy], 'make my fix part of main')[0], 'merge_pull_request');
  });

  it('never outweigh a tool named by the query', () => {
    const borrowing = { ...comment, requests: ['deploy site', 'deploy the site', 'deploy site now', 'ship the site'] };
    assert.equal(names([merge, borrowing, deploy], 'deploy site')[0], 'deploy_site');
  });

  it('never outweigh a tool named by the query when every tool has requests of its own (the higher weight)', () => {
    const tools = [
      { ...merge, requests: ['land my branch'] },
      { ...comment, requests: ['deploy site', 'deploy the site', 'deploy site now', 'ship the site'] },
      { ...deploy, requests: ['publish'] },
    ];
    assert.equal(requestsWeightOf(tools, resolveSearchOptions()), DEFAULT_SEARCH_OPTIONS.fieldWeights.ownRequests);
    assert.equal(names(tools, 'deploy site')[0], 'deploy_site');
  });

  it('weigh the field higher only when every tool but core ones has requests of its own', () => {
    const options = resolveSearchOptions();
    const { requests, ownRequests } = options.fieldWeights;
    assert.ok(ownRequests > requests && ownRequests < options.fieldWeights.name);
    const own = [
      { ...merge, requests: ['land my branch'] },
      { ...deploy, requests: ['ship it'] },
    ];
    const core = makeTool('read_file', 'Read a file.', { kind: 'core', toolset: 'core' });
    assert.equal(requestsWeightOf(own, options), ownRequests);
    assert.equal(requestsWeightOf([...own, core], options), ownRequests);
    assert.equal(requestsWeightOf([...own, comment], options), requests, 'a tool without requests');
    assert.equal(requestsWeightOf([...own, { ...comment, requests: ['add comment'], requestsGivenBy: 'own text' }], options), requests);
    assert.equal(requestsWeightOf([...own, { ...comment, requests: ['reply'], requestsGivenBy: 'lent' }], options), requests);
    assert.equal(requestsWeightOf([merge, deploy], options), requests, 'no requests at all');
    assert.equal(requestsWeightOf(own, resolveSearchOptions({ fieldWeights: { requests: 0 } })), 0, 'the field turned off');
  });

  it('rank by the higher weight exactly when every tool has its own: a lent request counts less', () => {
    // The same texts, once the tools' own and once lent to one of them: only the weight differs.
    const tools = [
      { ...merge, requests: ['make my fix part of main'] },
      { ...comment, requests: ['leave a note'] },
      { ...deploy, requests: ['ship the site'] },
    ];
    const lent = tools.map((tool) => (tool.name === 'add_comment' ? { ...tool, requestsGivenBy: 'lent' as const } : tool));
    const scoreOf = (catalog: readonly Tool[]) => searchTools(catalog, 'make my fix part of main', 5)[0]!;
    assert.equal(scoreOf(tools).tool.name, 'merge_pull_request');
    assert.ok(scoreOf(tools).score > scoreOf(lent).score);
  });

  it('give the same ranking, scores included, for the same tools and requests', () => {
    const tools = [{ ...merge, requests: ['land my branch'] }, comment, { ...deploy, requests: ['ship it', 'publish the site'] }];
    const copy = tools.map((tool) => ({ ...tool, requests: tool.requests === undefined ? undefined : [...tool.requests] }));
    assert.deepEqual(
      searchTools(tools, 'ship my branch', 5).map((match) => [match.tool.name, match.score]),
      searchTools(copy as Tool[], 'ship my branch', 5).map((match) => [match.tool.name, match.score]),
    );
  });

  it('are read again when a tool comes back with other requests (a new object, as request sources give it)', () => {
    const tools = [merge, comment, deploy];
    assert.equal(names(tools, 'land the change').includes('merge_pull_request'), false);
    assert.equal(names([{ ...merge, requests: ['land the change'] }, comment, deploy], 'land the change')[0], 'merge_pull_request');
  });

  it('leave a ranking unchanged when no tool has any', () => {
    const before = searchTools([merge, comment, deploy], 'comment on the pull request', 5).map((match) => [match.tool.name, match.score]);
    const after = searchTools([{ ...merge, requests: [] }, comment, deploy], 'comment on the pull request', 5).map((match) => [
      match.tool.name,
      match.score,
    ]);
    assert.deepEqual(after, before);
  });

  it('do not count as a connected service: a request naming Slack connects no Slack', () => {
    const tools = [{ ...comment, requests: ['post it to slack'] }, deploy];
    assert.deepEqual(findMissingServices(analyzeQuery('send a slack message'), tools).missing, ['slack']);
  });
});
