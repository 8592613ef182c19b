import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runCli } from '../support/run-cli.ts';

describe('tool-search demo', () => {
  it('assembles the bundled 17-server catalog and finds tools through the bridge', async () => {
    const run = await runCli(['demo']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^Session: 17 MCP servers, 358 tools, 200000-token model/);
    assert.match(run.stdout, /Tool Search is ACTIVE/);
    assert.match(run.stdout, /tool_search\("create github issue"\)\n  mcp_github_create_issue /);
  });
});
