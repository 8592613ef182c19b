import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { balanceRequests, MAXIMUM_LENT_REQUESTS } from '../../src/requests/balance-requests.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { makeTool } from '../support/fixtures.ts';

const githubPr = makeTool('mcp_github_create_pull_request', 'Create a new pull request.', {
  originalName: 'create_pull_request',
  toolset: 'mcp-github',
  requests: ['open a PR from my branch', 'propose my changes for review'],
});
const githubIssue = makeTool('mcp_github_get_issue', 'Get an issue.', {
  originalName: 'get_issue',
  toolset: 'mcp-github',
  requests: ['show me the bug report'],
});
const gitlabMr = makeTool('mcp_gitlab_create_merge_request', 'Create a merge request.', {
  originalName: 'create_merge_request',
  toolset: 'mcp-gitlab',
});
const gitlabUser = makeTool('mcp_gitlab_get_user', 'Get a user by id.', { originalName: 'get_user', toolset: 'mcp-gitlab' });
const core = makeTool('read_file', 'Read a file.', { kind: 'core', toolset: 'core' });

describe('balanceRequests', () => {
  it('lends a tool the requests of similarly named tools of other servers', () => {
    const balanced = balanceRequests([githubPr, githubIssue, gitlabMr]);
    assert.deepEqual(balanced[2]!.requests, githubPr.requests);
  });

  it("gives a tool no similar tool lends to its own text, never a dissimilar tool's requests", () => {
    const balanced = balanceRequests([githubPr, githubIssue, gitlabUser]);
    assert.deepEqual(balanced[2]!.requests, ['get user', 'Get a user by id.']);
  });

  it('leaves the tools as they are when none has requests, or all have', () => {
    const none = [gitlabMr, gitlabUser];
    assert.equal(balanceRequests(none), none);
    const all = [githubPr, githubIssue];
    assert.equal(balanceRequests(all), all);
  });

  it('leaves core tools alone and tells how each tool was given requests', () => {
    const told: string[] = [];
    const balanced = balanceRequests([githubPr, gitlabMr, gitlabUser, core], {
      balancedBy: (tool, by, count) => told.push(`${tool.name} ${by} ${count}`),
    });
    assert.equal(balanced[3], core);
    assert.deepEqual(told, ['mcp_gitlab_create_merge_request lent 2', 'mcp_gitlab_get_user own text 2']);
  });

  it('marks each tool it gave requests with how, and no other', () => {
    const balanced = balanceRequests([githubPr, gitlabMr, gitlabUser, core]);
    assert.deepEqual(
      balanced.map((tool) => tool.requestsGivenBy),
      [undefined, 'lent', 'own text', undefined],
    );
  });

  it('gives a skipped (hidden) tool nothing, and lends nothing of it', () => {
    const balanced = balanceRequests([githubPr, gitlabMr, gitlabUser], { skip: (tool) => tool === gitlabMr || tool === githubPr });
    assert.equal(balanced[1], gitlabMr);
    assert.deepEqual(balanced[2]!.requests, undefined);
  });

  it("lends an uncovered tool the pack's requests of other servers' similarly named tools, asked only when needed", () => {
    const packTool = makeTool('create_merge_request', '', { toolset: 'pack-gitlab', requests: ['open an MR'] });
    let asked = 0;
    const moreLenders = () => {
      asked++;
      return [packTool];
    };
    assert.deepEqual(balanceRequests([githubIssue, gitlabMr], { moreLenders })[1]!.requests, ['open an MR']);
    assert.equal(asked, 1);
    balanceRequests([gitlabMr, gitlabUser], { moreLenders });
    assert.equal(asked, 1, 'not asked when no session tool has requests');
  });

  it(`lends at most ${MAXIMUM_LENT_REQUESTS} requests`, () => {
    const many = { ...githubPr, requests: Array.from({ length: 50 }, (_, index) => `request ${index}`) };
    assert.equal(balanceRequests([many, gitlabMr])[1]!.requests!.length, MAXIMUM_LENT_REQUESTS);
  });

  it('keeps a server without requests findable among servers with many', () => {
    const covered: Tool[] = [
      { ...githubPr, requests: ['open a merge request', 'open a PR', 'open a change for review'] },
      makeTool('mcp_github_merge_pull_request', 'Merge a pull request.', {
        originalName: 'merge_pull_request',
        toolset: 'mcp-github',
        requests: ['merge the MR', 'land it'],
      }),
    ];
    const uncovered = makeTool('mcp_gitlab_merge_merge_request', 'Merge a merge request.', {
      originalName: 'merge_merge_request',
      toolset: 'mcp-gitlab',
    });
    const unbalanced = searchTools([...covered, uncovered], 'merge the merge request', 3).map((match) => match.tool.name);
    const balanced = searchTools(balanceRequests([...covered, uncovered]), 'merge the merge request', 3).map((match) => match.tool.name);
    assert.equal(balanced[0], 'mcp_gitlab_merge_merge_request');
    assert.ok(unbalanced.length > 0);
  });
});
