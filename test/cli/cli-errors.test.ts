import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { runBin, runCli } from '../support/run-cli.ts';

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
const directory = mkdtempSync(join(tmpdir(), 'tool-search-errors-'));

describe('CLI bad input', () => {
  it('names a missing tools file', async () => {
    const run = await runCli(['assemble', '--tools', '/nonexistent/tools.json']);
    assert.deepEqual(run, { code: 2, stdout: '', stderr: "tool-search assemble: tools file '/nonexistent/tools.json' does not exist\n" });
  });

  it('names an invalid JSON tools file', async () => {
    const path = join(directory, 'broken.json');
    writeFileSync(path, '{"core": [');
    const run = await runCli(['assemble', '--tools', path]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^tool-search assemble: tools file '.*broken\.json' is not valid JSON: .+\n$/);
  });

  it('names an invalid YAML config file', async () => {
    const path = join(directory, 'broken.yaml');
    writeFileSync(path, 'tools: [unclosed\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', path]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^tool-search assemble: config file '.*broken\.yaml' is not valid YAML: /);
    assert.equal(run.stderr.trim().split('\n').length, 1);
  });

  it('names an unknown flag', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--frobnicate']);
    assert.deepEqual(run, {
      code: 2,
      stdout: '',
      stderr: "tool-search assemble: unknown option --frobnicate for 'assemble'; run 'tool-search assemble --help' for its options\n",
    });
  });

  it('names a flag without its value and a bad number', async () => {
    assert.match((await runCli(['assemble', '--tools'])).stderr, /option --tools of 'assemble' needs a value/);
    assert.equal(
      (await runCli(['assemble', '--tools', SESSION, '--context-length', 'big'])).stderr,
      "tool-search assemble: --context-length expects a whole number of at least 1, got 'big'\n",
    );
  });

  it('names an unknown command and an unknown format', async () => {
    assert.match(
      (await runCli(['asemble'])).stderr,
      /^tool-search: unknown command 'asemble' \(did you mean 'assemble'\?\); commands: assemble, search, /,
    );
    assert.equal(
      (await runCli(['assemble', '--tools', SESSION, '--format', 'xml'])).stderr,
      "tool-search assemble: --format must be one of openai, anthropic, mcp, anthropic-native, openai-responses-native, got 'xml'\n",
    );
  });

  it('requires --tools', async () => {
    assert.equal(
      (await runCli(['assemble'])).stderr,
      'tool-search assemble: --tools FILE is required (a JSON file mapping toolset names to tool arrays)\n',
    );
  });

  it('prints usage for --help', async () => {
    const run = await runCli(['search', '--help']);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /^Usage: tool-search search --tools FILE/);
  });
});

describe('the tool-search binary', () => {
  it('exits non-zero with one line and no stack trace on bad input', async () => {
    const run = await runBin(['assemble', '--tools', 'missing.json', '--json']);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, "tool-search assemble: tools file 'missing.json' does not exist\n");
  });

  it('assembles a tools file from any folder', async () => {
    const run = await runBin(['assemble', '--tools', SESSION, '--json'], tmpdir());
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).deferred, 358);
  });
});
