import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findMissingServices } from '../../../src/bridge/find-missing-services.ts';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
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
