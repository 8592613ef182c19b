import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { createScratchFolder, MEMORY_SERVER, projectPath, type ScratchFolder } from '../gateway/fixtures/gateway-test-support.ts';
import { runCli } from '../support/run-cli.ts';

const RECORDED = projectPath('test/gateway/fixtures/recorded-activity.jsonl');

describe('tool-search learn', () => {
  let scratch: ScratchFolder;
  let stateFile: string;
  let counter = 0;
  const saved = process.env['TOOL_SEARCH_STATE_DIR'];
  before(() => {
    scratch = createScratchFolder();
  });
  beforeEach(() => {
    const folder = join(scratch.path, `state-${++counter}`);
    process.env['TOOL_SEARCH_STATE_DIR'] = folder;
    stateFile = join(folder, 'learned-requests.json');
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['TOOL_SEARCH_STATE_DIR'];
    else process.env['TOOL_SEARCH_STATE_DIR'] = saved;
  });
  after(() => scratch?.remove());

  test('imports the searches followed by a successful call in the same session, and nothing else', async () => {
    const run = await runCli(['learn', RECORDED]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(
      run.stdout,
      `Read 6 searches and 5 successful calls from ${RECORDED}.\nLearned 3 requests for 3 tools; kept in ${stateFile}.\n`,
    );
    const kept = (
      JSON.parse(readFileSync(stateFile, 'utf8')) as { requests: { server: string; tool: string; text: string }[] }
    ).requests.map(({ server, tool, text }) => `${server} ${tool}: ${text}`);
    assert.deepEqual(kept, [
      'config:everything get-sum: add two numbers',
      'config:filesystem list_directory: list files in a folder',
      'config:memory create_entities: remember a fact about a person',
    ]);
    assert.equal(statSync(stateFile).mode & 0o777, 0o600);
  });

  test("keeps requests under the config's server keys and learns nothing for a tool its policy denies", async () => {
    const config = scratch.write(`gateway-${counter}.json`, {
      mcp_servers: {
        memory: { command: process.execPath, args: [MEMORY_SERVER] },
        everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything@2026.8.31'] },
      },
      policy: { deny: ['filesystem/*'] },
    });
    const run = await runCli(['learn', RECORDED, '--config', config]);
    assert.equal(run.code, 0, run.stderr);
    const kept = (JSON.parse(readFileSync(stateFile, 'utf8')) as { requests: { server: string; tool: string }[] }).requests.map(
      ({ server, tool }) => `${server} ${tool}`,
    );
    assert.deepEqual(kept, [
      'package:@modelcontextprotocol/server-everything get-sum',
      'package:@modelcontextprotocol/server-memory create_entities',
    ]);
  });

  test('shows what is kept, per server and tool, as text or JSON', async () => {
    assert.equal((await runCli(['learn', '--show'])).stdout, `Nothing learned yet (${stateFile}).\n`);
    await runCli(['learn', RECORDED]);
    const text = await runCli(['learn', '--show']);
    assert.match(
      text.stdout,
      new RegExp(`^3 learned requests for 3 tools in ${stateFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\([\\d,]+ bytes\\):\\n`),
    );
    assert.match(text.stdout, /^ {2}config:memory create_entities +1$/m);
    const json = JSON.parse((await runCli(['learn', '--show', '--json'])).stdout) as { requests: number; tools: unknown[]; path: string };
    assert.equal(json.requests, 3);
    assert.equal(json.path, stateFile);
    assert.deepEqual(json.tools[0], { server: 'config:everything', tool: 'get-sum', count: 1 });
  });

  test('forgets everything', async () => {
    await runCli(['learn', RECORDED]);
    assert.equal((await runCli(['learn', '--forget'])).stdout, `Forgot 3 learned requests (${stateFile}).\n`);
    assert.throws(() => statSync(stateFile), /ENOENT/);
    assert.match((await runCli(['learn', '--show'])).stdout, /^Nothing learned yet/);
  });

  test('says what it needs when given nothing, two things, or a missing file', async () => {
    assert.match(
      (await runCli(['learn'])).stderr,
      /^tool-search learn: give an activity log to import, or --show, or --forget \(one of them\)/,
    );
    assert.match((await runCli(['learn', '--show', '--forget'])).stderr, /one of them/);
    const missing = await runCli(['learn', '/nonexistent/activity.jsonl']);
    assert.equal(missing.code, 2);
    assert.equal(missing.stderr, "tool-search learn: activity log '/nonexistent/activity.jsonl' does not exist\n");
  });
});
