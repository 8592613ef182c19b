import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { runCli } from '../support/run-cli.ts';

// A gateway config's `policy.deny` and `pin` hold in every command that reads a config, as in `serve`:
// a denied tool is never printed as something the model would see or find, and a pinned one stays in
// the tool array (and so out of the search, which covers the deferred tools).

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
const directory = mkdtempSync(join(tmpdir(), 'tool-search-cli-policy-'));
const write = (name: string, text: string) => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};
/** Denies two github tools, by the forms a user writes (server/tool, a glob), and pins one memory tool. */
const CONFIG = write(
  'gateway.yaml',
  [
    'mcp_servers: {}',
    'pin: ["memory/read_graph"]',
    'policy: { deny: ["github/delete_repository", "*DELETE_FILE"], require_approval: ["github/*"] }',
  ].join('\n'),
);
const DENIED = /delete_repository|mcp_github_delete_file/;

describe("tool-search assemble honours the config's policy.deny and pin", () => {
  for (const format of ['openai', 'anthropic', 'mcp', 'anthropic-native', 'openai-responses-native']) {
    it(`leaves denied tools out of --format ${format}, with and without --json, active or not`, async () => {
      for (const extra of [[], ['--json'], ['--json', '--context-length', '5000000']]) {
        const run = await runCli(['assemble', '--tools', SESSION, '--config', CONFIG, '--format', format, ...extra]);
        assert.equal(run.code, 0, run.stderr);
        assert.doesNotMatch(run.stdout, DENIED, `${format} ${extra.join(' ')}`);
      }
    });
  }

  it('leaves denied tools out of the summary, counts them nowhere, and keeps the pinned tool in the array', async () => {
    const summary = await runCli(['assemble', '--tools', SESSION, '--config', CONFIG]);
    assert.doesNotMatch(summary.stdout, DENIED);
    assert.match(summary.stdout, /The model sees 4 tools: mcp_memory_read_graph, tool_search, tool_describe, tool_call/);
    const json = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--config', CONFIG, '--json'])).stdout);
    assert.equal(json.deferred, 358 - 2 - 1);
    assert.ok(!json.deferredTools.includes('mcp_memory_read_graph'));
  });

  it('without the config, lists the same tools as before', async () => {
    const json = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--json'])).stdout);
    assert.equal(json.deferred, 358);
    assert.match(JSON.stringify(json.deferredTools), DENIED);
  });
});

describe("tool-search search honours the config's policy.deny and pin", () => {
  it('never finds or counts a denied tool, nor a pinned one, which the model already has', async () => {
    const run = await runCli([
      'search',
      '--tools',
      SESSION,
      '--config',
      CONFIG,
      '--json',
      '--limit',
      '50',
      'delete repository file read graph',
    ]);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.total_available, 358 - 2 - 1);
    assert.doesNotMatch(run.stdout, DENIED);
    assert.ok(!run.stdout.includes('mcp_memory_read_graph'));
  });

  it('in the readable output, with --queries, and in both native formats', async () => {
    const queries = write('queries.jsonl', '{"query": "delete a repository"}\n{"query": "delete a file in a repository"}\n');
    for (const extra of [[], ['--format', 'anthropic-native'], ['--format', 'openai-responses-native']]) {
      const run = await runCli(['search', '--tools', SESSION, '--config', CONFIG, '--queries', queries, '--limit', '50', ...extra]);
      assert.equal(run.code, 0, run.stderr);
      assert.doesNotMatch(run.stdout, DENIED, extra.join(' '));
    }
  });
});

describe('a config policy the commands cannot read stops them, as it stops serve', () => {
  it('a misspelt policy key is an error naming it, not a warning', async () => {
    const config = write('typo.yaml', 'policy: { deny: ["github/delete_repository"], require_aproval: ["github/*"] }\n');
    for (const command of ['assemble', 'search']) {
      const run = await runCli([command, '--tools', SESSION, '--config', config, ...(command === 'search' ? ['x'] : [])]);
      assert.equal(run.code, 2, command);
      assert.match(
        run.stderr,
        /policy\.require_aproval: unknown key \(did you mean 'require_approval'\?\); the known keys are deny, require_approval\. It was not ignored, since that could drop a protection/,
      );
      assert.equal(run.stdout, '');
    }
  });

  it('a root key a typo away from policy is an error, not a warning', async () => {
    const config = write('polcy.yaml', 'polcy: { deny: ["github/delete_repository"] }\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', config]);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /polcy: unknown key \(did you mean 'policy'\?\); stopped rather than go on without the policy settings it may hold/,
    );
  });

  it('a policy list of the wrong kind is an error naming it', async () => {
    const config = write('kind.yaml', 'policy: { deny: { github: delete_repository } }\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', config]);
    assert.equal(run.code, 2);
    assert.match(
      run.stderr,
      /^tool-search assemble: config file '.*kind\.yaml': policy\.deny: expected a list of strings, got \{"github":"delete_repository"\}\n$/,
    );
  });

  it('a pattern that matches no tool of the tools file is a warning', async () => {
    const config = write('unmatched.yaml', 'policy: { deny: ["github/delete_repositry"] }\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', config, '--json']);
    assert.equal(run.code, 0);
    assert.match(run.stderr, /warning: policy\.deny: 'github\/delete_repositry' matches none of the 358 tools of the tools file/);
  });
});
