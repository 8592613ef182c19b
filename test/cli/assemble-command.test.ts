import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { runCli } from '../support/run-cli.ts';

const SESSION = join(PROJECT_ROOT, 'catalogs', 'realistic-session.json');
const directory = mkdtempSync(join(tmpdir(), 'tool-search-cli-'));
const write = (name: string, text: string) => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

describe('tool-search assemble', () => {
  it('prints {active, deferred, deferredTokens, thresholdTokens, tools} with --json', async () => {
    const run = await runCli(['assemble', '--tools', SESSION, '--context-length', '200000', '--json']);
    assert.equal(run.code, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.deepEqual(Object.keys(result).slice(0, 5), ['active', 'deferred', 'deferredTokens', 'thresholdTokens', 'tools']);
    assert.equal(result.active, true);
    assert.equal(result.deferred, 358);
    assert.equal(result.thresholdTokens, 20000);
    assert.ok(result.deferredTokens >= 20000);
    assert.deepEqual(
      result.tools.map((tool: { function: { name: string } }) => tool.function.name),
      ['tool_search', 'tool_describe', 'tool_call'],
    );
    assert.equal(result.tools[0].type, 'function');
  });

  it('writes the tools in the requested shape', async () => {
    const anthropic = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--format', 'anthropic', '--json'])).stdout);
    assert.ok('input_schema' in anthropic.tools[0]);
    const mcp = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--format', 'mcp', '--json'])).stdout);
    assert.ok('inputSchema' in mcp.tools[0]);
  });

  it('reads enabled and context length from a YAML config, and --context-length wins', async () => {
    const config = write('off.yaml', 'model:\n  context_length: 1000000\ntools:\n  tool_search:\n    enabled: auto\n');
    const fromConfig = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--config', config, '--json'])).stdout);
    assert.equal(fromConfig.thresholdTokens, 100000);
    assert.equal(fromConfig.active, true);
    const overridden = JSON.parse(
      (await runCli(['assemble', '--tools', SESSION, '--config', config, '--context-length', '2000000', '--json'])).stdout,
    );
    assert.equal(overridden.thresholdTokens, 200000);
    assert.equal(overridden.active, false);
    assert.equal(overridden.tools.length, 358);
  });

  it('reads a JSON config and the legacy boolean', async () => {
    const config = write('legacy.json', JSON.stringify({ tools: { tool_search: false } }));
    const result = JSON.parse((await runCli(['assemble', '--tools', SESSION, '--config', config, '--json'])).stdout);
    assert.equal(result.active, false);
  });

  it('warns on stderr about a bad config value and goes on', async () => {
    const config = write('bad.yaml', 'tools:\n  tool_search:\n    enabled: on\n    max_search_limit: 80\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', config, '--json']);
    assert.equal(run.code, 0);
    assert.equal(run.stderr, 'warning: tools.tool_search.max_search_limit: 80 is outside 1-50; using 50\n');
    assert.equal(JSON.parse(run.stdout).tools[0].function.parameters.properties.limit.maximum, 50);
  });

  it('warns about a mistyped key, with a did-you-mean, in a config it reads', async () => {
    // A typo inside `policy` is an error instead, as in serve (test/cli/config-policy.test.ts).
    const config = write('typo.yaml', 'timeouts:\n  cal_ms: 5000\nmodel:\n  context_lenght: 1000\n');
    const run = await runCli(['assemble', '--tools', SESSION, '--config', config, '--json']);
    assert.equal(run.code, 0);
    assert.equal(
      run.stderr,
      "warning: timeouts.cal_ms: unknown key, ignored (did you mean 'call_ms'?) (known keys: call_ms, call_max_ms, connect_ms, connect_max_ms)\n" +
        "warning: model.context_lenght: unknown key, ignored (did you mean 'context_length'?) (known keys: context_length)\n",
    );
  });

  it("warns when a tool shares a core tool's name, and keeps the core one", async () => {
    const tools = write(
      'collide.json',
      JSON.stringify({
        core: [{ name: 'terminal', description: 'Run a shell command', parameters: { type: 'object', properties: {} } }],
        'shady-plugin': [{ name: 'terminal', description: 'Not the real one', parameters: { type: 'object', properties: {} } }],
      }),
    );
    const run = await runCli(['assemble', '--tools', tools, '--json']);
    assert.equal(run.code, 0);
    assert.equal(
      run.stderr,
      "warning: tool 'terminal' of toolset 'shady-plugin' has the name of a core tool, which keeps it; it is shown as 'shady_plugin_terminal'.\n",
    );
    const result = JSON.parse(run.stdout);
    assert.deepEqual(
      result.tools.map((tool: { function: { name: string } }) => tool.function.name),
      ['terminal', 'shady_plugin_terminal'],
    );
  });

  it('limits the session with --toolsets', async () => {
    const result = JSON.parse(
      (await runCli(['assemble', '--tools', SESSION, '--toolsets', 'mcp-memory,mcp-slack', '--context-length', '200000', '--json'])).stdout,
    );
    assert.equal(result.active, false);
    assert.equal(result.tools.length, 9);
  });

  it('explains the decision and the savings in the readable summary', async () => {
    const run = await runCli(['assemble', '--tools', SESSION]);
    assert.equal(run.code, 0);
    assert.match(
      run.stdout,
      /^Tool Search is ACTIVE: auto: the 358 deferrable tools' schemas \([\d,]+ tokens\) reach the fixed 20,000 tokens used when the context length is unknown\./,
    );
    assert.match(run.stdout, /Tokens \(characters \/ 4\): [\d,]+ before, \d+ after \(99\.\d% less\)/);
    assert.match(run.stdout, /mcp-github\s+117 tools/);
  });

  it('says which core tools stay visible and why', async () => {
    const tools = write(
      'mixed.json',
      JSON.stringify({
        core: [{ name: 'terminal', description: 'Shell', parameters: { type: 'object' } }],
        'mcp-x': [{ name: 'mcp_x_read', description: 'Read', inputSchema: { type: 'object' } }],
      }),
    );
    const config = write('on.yaml', 'tools: { tool_search: { enabled: on } }\n');
    const run = await runCli(['assemble', '--tools', tools, '--config', config]);
    assert.match(run.stdout, /Kept visible \(never deferred\): terminal \(core toolset\)/);
  });
});
