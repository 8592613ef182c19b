import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searchCatalog } from '../../src/bridge/handle-tool-search.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { findMissingServices } from '../../src/bridge/find-missing-services.ts';
import { analyzeQuery } from '../../src/catalog/query/analyze-query.ts';
import { makeTool, realisticSession } from '../support/fixtures.ts';

const session = realisticSession();

/** The 1-based rank of `name` among the first `limit` results for `query`, or undefined. */
function rankOf(query: string, name: string, limit = 10): number | undefined {
  const index = searchTools(session, query, limit).findIndex((match) => match.tool.name === name);
  return index < 0 ? undefined : index + 1;
}

async function searchSession(query: string) {
  const toolsets = [...new Set(session.map((tool) => tool.toolset))];
  return searchCatalog(buildSessionScope({ registry: session, toolsets, config: DEFAULT_TOOL_SEARCH_CONFIG }), query, 5);
}

describe('the misses a new user meets first (issue 14), on the bundled 17-server session', () => {
  it('ranks create_pull_request first for "open a pull request on github"', () => {
    assert.equal(rankOf('open a pull request on github', 'mcp_github_create_pull_request'), 1);
  });

  it('ranks create_pull_request first for "open a PR"', () => {
    assert.equal(rankOf('open a PR', 'mcp_github_create_pull_request'), 1);
  });

  it('finds kubectl_get in the top three for "list kubernetes pods"', () => {
    const rank = rankOf('list kubernetes pods', 'mcp_kubernetes_kubectl_get');
    assert.ok(rank !== undefined && rank <= 3, `rank ${rank}`);
  });

  it('ranks projects_list first for the short request "org project board items", which matches all its words', () => {
    assert.equal(rankOf('org project board items', 'mcp_github_projects_list'), 1);
  });

  it('ranks whoami and get_me first and second for "who am i logged in as"', () => {
    const names = searchTools(session, 'who am i logged in as', 5).map((match) => match.tool.name);
    assert.deepEqual(names.slice(0, 2).sort(), ['mcp_github_get_me', 'mcp_sentry_whoami']);
  });

  it('says that Slack is not connected for "send a slack message", beside what the rest of the request matches', async () => {
    const result = await searchSession('send a slack message');
    assert.ok(result.matches.every((match) => !match.toolset.includes('slack')));
    assert.equal(
      result.hint,
      'No connected server provides slack. Connected toolsets (tools): mcp-antv-chart (27), mcp-brave-search (8), mcp-circleci (13), ' +
        'mcp-context7 (2), mcp-everything (13), mcp-exa (2), mcp-filesystem (14), mcp-firecrawl (26), mcp-github (117), ' +
        'mcp-kubernetes (23), mcp-memory (9), mcp-mongodb (27), mcp-notion (24), mcp-playwright (25), mcp-sentry (22) and 2 more. ' +
        'Retry with a service name plus an action, e.g. "antv-chart generate pin map" or "brave-search summarizer".',
    );
  });

  it('returns no matches when nothing but the unconnected service is asked for', async () => {
    const result = await searchSession('mysql');
    assert.deepEqual(result.matches, []);
    assert.match(result.hint ?? '', /^No connected server provides mysql\./);
  });

  // Issue 27's regression: a word read as an unconnected service once emptied the results.
  for (const [query, expected, service] of [
    ['list the repos I starred on Monday', 'mcp_github_list_starred_repositories', 'monday'],
    ['take a screenshot of the zoom settings page', 'mcp_playwright_browser_take_screenshot', 'zoom'],
  ] as const) {
    it(`keeps the right tool first for "${query}", with the note that no server provides ${service} beside it`, async () => {
      const result = await searchSession(query);
      assert.equal(result.matches[0]?.name, expected);
      assert.match(result.hint ?? '', new RegExp(`^No connected server provides ${service}\\.`));
    });
  }

  it('keeps a database status tool first for "Check the status of the MySQL database." though no tool mentions MySQL', async () => {
    const tools = [
      makeTool('checkDatabaseStatus', 'Check the status of a database.', { toolset: 'db' }),
      makeTool('sendEmail', 'Send an email to a recipient.', { toolset: 'mail' }),
    ];
    const scope = buildSessionScope({ registry: tools, toolsets: ['db', 'mail'], config: DEFAULT_TOOL_SEARCH_CONFIG });
    const result = await searchCatalog(scope, 'Check the status of the MySQL database.', 5);
    assert.equal(result.matches[0]?.name, 'checkDatabaseStatus');
    assert.match(result.hint ?? '', /^No connected server provides mysql\./);
  });

  it('keeps the matches and adds the notice when the query also names a connected service', async () => {
    const result = await searchSession('post the github issue link to jira');
    assert.ok(result.matches.length > 0);
    assert.match(result.hint ?? '', /^No connected server provides jira\. Connected toolsets/);
  });

  it('counts a service as connected when a tool mentions it only in its description or toolset', () => {
    const tools = [
      makeTool('post_message', 'Posts a message to a Slack channel', { toolset: 'mcp-chat' }),
      makeTool('create_ticket', 'Opens a ticket', { toolset: 'mcp-jira' }),
    ];
    assert.deepEqual(findMissingServices(analyzeQuery('send a slack message, then open a jira ticket and page pagerduty'), tools), {
      missing: ['pagerduty'],
      connected: ['slack', 'jira'],
    });
  });

  it('adds no notice for a service some tool mentions', async () => {
    const result = await searchSession('list sentry projects');
    assert.equal(result.hint, undefined);
  });

  it('finds mcp_github_get_me first for the partial name "ithub_get_m", although "get" matches other tools', () => {
    assert.equal(rankOf('ithub_get_m', 'mcp_github_get_me'), 1);
  });

  it('still ranks an exact name before tools that merely contain it', () => {
    assert.equal(searchTools(session, 'create_issue', 3)[0]!.tool.name, 'mcp_github_create_issue');
  });
});
