import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { attachPackRequests } from '../../src/cli/attach-pack-requests.ts';
import { projectPath } from '../gateway/fixtures/gateway-test-support.ts';
import { realisticSession } from '../support/fixtures.ts';
import { runCli } from '../support/run-cli.ts';

describe('tool-search search and the request pack', () => {
  test('attaches the pack to a tools file, matching toolset mcp-<name> by config name or pack id', async () => {
    const tools = await attachPackRequests(realisticSession(), () => assert.fail('no warning expected'));
    const withRequests = new Set(tools.filter((tool) => (tool.requests ?? []).length >= 8).map((tool) => tool.toolset));
    // Every server of the bundled session is in the pack.
    assert.deepEqual([...withRequests].sort(), [...new Set(tools.map((tool) => tool.toolset))].sort());
    const merge = tools.find((tool) => tool.name === 'mcp_github_merge_pull_request')!;
    assert.ok(merge.requests!.length >= 8);
  });

  test('leaves tools of toolsets the pack does not know untouched', async () => {
    const tools = [
      { name: 'checkDatabaseStatus', description: 'Check a database.', parameters: {}, toolset: 'seal', kind: 'plugin' as const },
    ];
    assert.equal((await attachPackRequests(tools, () => undefined))[0], tools[0]);
  });

  test('runs with the pack and without it (--no-pack), results in the same shape', async () => {
    for (const flags of [[], ['--no-pack']]) {
      const run = await runCli([
        'search',
        '--tools',
        projectPath('catalogs/realistic-session.json'),
        '--json',
        ...flags,
        'merge a pull request',
      ]);
      assert.equal(run.code, 0, run.stderr);
      const result = JSON.parse(run.stdout) as { matches: { name: string }[] };
      assert.deepEqual(Object.keys(result).slice(0, 3), ['query', 'total_available', 'matches']);
      assert.ok(result.matches.length > 0);
    }
  });
});
