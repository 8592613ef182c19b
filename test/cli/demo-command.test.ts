import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TRY_QUERY } from '../../src/cli/commands/demo-command.ts';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { runBin, runCli } from '../support/run-cli.ts';

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

  it('ends with a search to try, as typed in the clone, that finds the tool it asks for', async () => {
    const demo = await runCli(['demo']);
    const suggested = /\nTry: node bin\/tool-search\.js (search --tools (\S+) "([^"]+)")\n$/.exec(demo.stdout);
    assert.ok(suggested, demo.stdout.slice(-300));
    const [, , catalog, query] = suggested;
    assert.equal(catalog, 'catalogs/realistic-session.json');
    assert.match(query!, /mongodb/);
    const run = await runBin(['search', '--tools', catalog!, '--json', '--limit', '3', query!]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).matches[0].name, 'mcp_mongodb_find');
  });

  it('suggests absolute paths outside the clone, and npx only where node_modules has the command', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tool-search demo '));
    try {
      const elsewhere = await runBin(['demo'], folder);
      const bin = join(PROJECT_ROOT, 'bin', 'tool-search.js');
      const catalog = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
      assert.ok(
        elsewhere.stdout.endsWith(`\nTry: node ${bin} search --tools ${catalog} "${DEMO_TRY_QUERY}"\n`),
        elsewhere.stdout.slice(-300),
      );

      mkdirSync(join(folder, 'node_modules', '.bin'), { recursive: true });
      writeFileSync(join(folder, 'node_modules', '.bin', 'tool-search'), '');
      const installed = await runBin(['demo'], folder);
      assert.ok(
        installed.stdout.endsWith(`\nTry: npx tool-search search --tools ${catalog} "${DEMO_TRY_QUERY}"\n`),
        installed.stdout.slice(-300),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
