import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/run-cli.ts';

describe('tool-search demo', () => {
  it('assembles the bundled 17-server catalog and finds tools through the bridge', async () => {
    const run = await runCli(['demo']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Session: 17 MCP servers, 358 tools, 200,000-token model/);
    assert.match(run.stdout, /Tool Search is ACTIVE/);
    assert.match(run.stdout, /tool_search\("create github issue"\)\n  mcp_github_create_issue /);
  });

  it('shows searches whose first result is the tool a reader would pick', async () => {
    const run = await runCli(['demo']);
    const firsts = [...run.stdout.matchAll(/tool_search\("([^"]+)"\)\n  (\S+)/g)].map(([, query, first]) => [query, first]);
    assert.deepEqual(firsts, [
      ['create github issue', 'mcp_github_create_issue'],
      ['take a screenshot of the page', 'mcp_playwright_browser_take_screenshot'],
      ['search the web', 'mcp_brave-search_brave_web_search'],
      ['get the logs of a crashing kubernetes pod', 'mcp_kubernetes_kubectl_logs'],
    ]);
  });

  it('ends with a search to try that finds the tool it asks for', async () => {
    const demo = await runCli(['demo']);
    const suggested = /\nTry: npx tool-search (search --tools (\S+) "([^"]+)")\n$/.exec(demo.stdout);
    assert.ok(suggested, demo.stdout.slice(-300));
    const [, , catalog, query] = suggested;
    assert.match(query!, /mongodb/);
    const run = await runCli(['search', '--tools', catalog!, '--json', '--limit', '3', query!]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).matches[0].name, 'mcp_mongodb_find');
  });
});
