import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { runBin, runCli } from '../support/run-cli.ts';

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
const directory = mkdtempSync(join(tmpdir(), 'tool-search-messages-'));

function write(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

/** One MCP tool and one core tool: small enough that the bridge costs more than what it replaces. */
const ONE_TOOL = write(
  'one-tool.json',
  JSON.stringify({
    'mcp-notes': [
      { name: 'add_note', description: 'Add a note', parameters: { type: 'object', properties: { text: { type: 'string' } } } },
    ],
    core: [{ name: 'terminal', description: 'Run a shell command', parameters: { type: 'object' } }],
  }),
);
const ON_CONFIG = write('on.yaml', 'tools:\n  tool_search:\n    enabled: on\n');

describe('tool-search --version', () => {
  it('prints the package version and exits 0', async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(await runCli(['--version']), { code: 0, stdout: `tool-search ${version}\n`, stderr: '' });
    assert.deepEqual(await runCli(['-v']), { code: 0, stdout: `tool-search ${version}\n`, stderr: '' });
  });

  it('finds package.json from the compiled binary too', async () => {
    const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(await runBin(['--version'], tmpdir()), { code: 0, stdout: `tool-search ${version}\n`, stderr: '' });
  });
});

describe('did you mean', () => {
  it('suggests the command a mistyped one most likely meant', async () => {
    const run = await runCli(['serach']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^tool-search: unknown command 'serach' \(did you mean 'search'\?\); commands: assemble, search, /);
  });

  it('names the commands without a guess when none is close', async () => {
    const run = await runCli(['frobnicate']);
    assert.match(run.stderr, /^tool-search: unknown command 'frobnicate'; commands: assemble, search, /);
  });

  it('suggests the flag a mistyped one most likely meant', async () => {
    const run = await runCli(['assemble', '--tool', SESSION]);
    assert.deepEqual(run, {
      code: 2,
      stdout: '',
      stderr:
        "tool-search assemble: unknown option --tool for 'assemble' (did you mean --tools?); run 'tool-search assemble --help' for its options\n",
    });
  });

  it('suggests the flag a prefix stands for', async () => {
    const run = await runCli(['serve', '--tool', 'memory']);
    assert.equal(
      run.stderr,
      "tool-search serve: unknown option --tool for 'serve' (did you mean --toolsets?); run 'tool-search serve --help' for its options\n",
    );
  });

  it('suggests for --flag=value too', async () => {
    const run = await runCli(['search', `--tols=${SESSION}`, 'x']);
    assert.match(run.stderr, /unknown option --tols for 'search' \(did you mean --tools\?\)/);
  });
});

describe('numbers and ports', () => {
  it('refuses a port above 65535 with exit 2 and a message naming the flag', async () => {
    const run = await runCli(['serve', '--http', '99999']);
    assert.deepEqual(run, {
      code: 2,
      stdout: '',
      stderr: "tool-search serve: --http expects a port number from 0 to 65535 (0 picks a free port), got '99999'\n",
    });
  });

  it('refuses a negative port as a bad number, not as a missing value', async () => {
    const run = await runCli(['serve', '--http', '-5']);
    assert.deepEqual(run, {
      code: 2,
      stdout: '',
      stderr: "tool-search serve: --http expects a port number from 0 to 65535 (0 picks a free port), got '-5'\n",
    });
  });

  it('refuses a negative limit by what it expects', async () => {
    const run = await runCli(['search', '--tools', SESSION, '--limit', '-3', 'issue']);
    assert.deepEqual(run, { code: 2, stdout: '', stderr: "tool-search search: --limit expects a whole number of at least 1, got '-3'\n" });
  });

  it('says that a switch takes no value', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--json=yes']);
    assert.deepEqual(run, {
      code: 2,
      stdout: '',
      stderr: "tool-search assemble: option --json of 'assemble' is a switch and takes no value; write --json alone\n",
    });
  });

  it('says that a value starting with a dash needs the = form', async () => {
    const run = await runCli(['assemble', '--tools', '--json']);
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      "tool-search assemble: option --tools of 'assemble' expects a value, got the option '--json'; to give a value starting with '-', write --tools=VALUE\n",
    );
  });
});

describe('wording', () => {
  it('says "1 tool", not "1 tools"', async () => {
    const on = await runCli(['assemble', '--tools', ONE_TOOL, '--config', ON_CONFIG]);
    assert.equal(on.code, 0, on.stderr);
    assert.match(on.stdout, /^Tool Search is ACTIVE: tool search is on and 1 tool can be deferred\.$/m);
    assert.match(on.stdout, /^Deferred 1 tool behind tool_search, by toolset:$/m);
    assert.match(on.stdout, /^  mcp-notes +1 tool$/m);
    const auto = await runCli(['assemble', '--tools', ONE_TOOL, '--toolsets', 'mcp-notes']);
    assert.match(
      auto.stdout,
      /^Tool Search is not active: auto: the 1 deferrable tool's schema \(\d+ tokens\) stays below the fixed 20,000 tokens used when the context length is unknown\.$/m,
    );
    assert.match(auto.stdout, /^The model sees 1 tool: add_note$/m);
    const search = await runCli(['search', '--tools', ONE_TOOL, 'note']);
    assert.match(search.stdout, /^"note": 1 of 1 tool$/m);
  });

  it('says how many more tokens, not a negative percentage less, when the bridge costs more', async () => {
    const run = await runCli(['assemble', '--tools', ONE_TOOL, '--config', ON_CONFIG]);
    const [, before, after] = /Tokens \(characters \/ 4\): (\d+) before, (\d+) after/.exec(run.stdout) ?? [];
    assert.ok(Number(after) > Number(before), run.stdout);
    assert.match(run.stdout, /^Tokens \(characters \/ 4\): \d+ before, \d+ after \(\d+\.\d% more\)$/m);
    assert.doesNotMatch(run.stdout, /-\d/);
  });

  it('writes token counts the same way in the reason and the totals', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--context-length', '1000000']);
    assert.match(
      run.stdout,
      /^Tool Search is ACTIVE: auto: the 358 deferrable tools' schemas \(148,065 tokens\) reach 10% of the 1,000,000-token context \(100,000 tokens\)\.$/m,
    );
    assert.match(run.stdout, /^Tokens \(characters \/ 4\): 148,065 before, /m);
  });

  it('says "an object", not "a object"', async () => {
    const path = write('object-toolset.json', JSON.stringify({ core: { name: 'terminal' } }));
    const run = await runCli(['assemble', '--tools', path]);
    assert.equal(run.stderr, `tool-search assemble: tools file '${path}': toolset 'core' must be an array of tools, got an object\n`);
  });

  it('ends a YAML error with where it is, not with a dangling colon', async () => {
    const path = write('broken.yaml', 'tools:\n  tool_search:\n    enabled: on\n  x: [1\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', path]);
    assert.equal(run.code, 2);
    assert.equal(
      run.stderr,
      `tool-search assemble: config file '${path}' is not valid YAML: Flow sequence in block collection must be sufficiently indented and end with a ] (line 5, column 1)\n`,
    );
  });
});
