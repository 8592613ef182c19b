import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { main } from '../../src/cli/main.ts';
import { createScratchFolder, firstText, GATEWAY_BIN, projectPath, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';

const LONG_NAME_SERVER = projectPath('test/gateway/fixtures/long-name-server.mjs');
/** Far above any message about one tool, far below a million characters. */
const BOUND = 2_000;

// Issue 25 item 10: a server whose tool has a 1,000,000-character name, and that then goes down,
// had that name echoed whole in the model's error, the activity log and the gateway's log.
describe('a million-character upstream tool name is clipped wherever it is repeated', () => {
  let scratch: ScratchFolder;
  let client: Client;
  let config: string;
  let stderr = '';

  before(async () => {
    scratch = createScratchFolder();
    config = scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: on } }',
        'mcp_servers:',
        `  long: { command: "${process.execPath}", args: ["${LONG_NAME_SERVER}"] }`,
        'activity_log: ./activity.jsonl',
      ].join('\n'),
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, 'serve', '--config', config],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'long-names-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  test('in search and describe results, the error of a refused call and of a server that went down, the log and the activity log', async () => {
    const search = firstText(await client.callTool({ name: 'tool_search', arguments: { query: 'exit refuse call' } }));
    assert.ok(search.length < BOUND, `tool_search answered ${search.length} characters`);
    const matches = (JSON.parse(search) as { matches: Array<{ name: string; tool: string }> }).matches;
    assert.equal(matches.length, 2);
    for (const match of matches) assert.match(match.tool, /^(crash_n+|refuse_r+)… \(1,000,00[67] characters\)$/);
    const crash = matches.find((match) => match.tool.startsWith('crash'))!.name;
    const refuse = matches.find((match) => match.tool.startsWith('refuse'))!.name;

    const describe = firstText(await client.callTool({ name: 'tool_describe', arguments: { name: refuse } }));
    assert.ok(describe.length < BOUND, `tool_describe answered ${describe.length} characters`);

    const refused = firstText(await client.callTool({ name: 'tool_call', arguments: { name: refuse, arguments: {} } }));
    assert.ok(refused.length < BOUND, `the refusal is ${refused.length} characters`);
    assert.match(refused, /MCP server 'long' refused 'refuse_r{73}… \(1,000,007 characters\)': .*this tool refuses every call/);

    const stopped = firstText(await client.callTool({ name: 'tool_call', arguments: { name: crash, arguments: {} } }));
    assert.ok(stopped.length < BOUND, `the error is ${stopped.length} characters`);
    assert.match(stopped, /MCP server 'long' stopped during the call to 'crash_n{74}… \(1,000,006 characters\)'/);

    const down = firstText(await client.callTool({ name: 'tool_call', arguments: { name: crash, arguments: {} } }));
    assert.ok(down.length < BOUND, `the error while it is down is ${down.length} characters`);

    await waitFor(() => stderr.includes('[long] exited'), 'the log line of the stopped server');
    for (const line of stderr.split('\n')) assert.ok(line.length < BOUND, `a log line of ${line.length} characters: ${line.slice(0, 120)}`);
    const lines = readFileSync(`${scratch.path}/activity.jsonl`, 'utf8').trim().split('\n');
    assert.ok(lines.length >= 5);
    for (const line of lines) assert.ok(line.length < BOUND, `an activity line of ${line.length} characters: ${line.slice(0, 120)}`);
  });

  test('in what inspect prints about the renamed tools', async () => {
    const out: string[] = [];
    const err: string[] = [];
    await main(['inspect', '--config', config], { stdout: (text) => void out.push(text), stderr: (text) => void err.push(text) });
    for (const line of [...out, ...err].join('').split('\n'))
      assert.ok(line.length < BOUND, `inspect printed a line of ${line.length} characters: ${line.slice(0, 120)}`);
    assert.match(out.join(''), /^Renamed \(.*\): long\/crash_n{74}… \(1,000,006 characters\) -> mcp_long_crash_n+_[0-9a-f]{6}$/m);
    const json: string[] = [];
    await main(['inspect', '--config', config, '--json'], { stdout: (text) => void json.push(text), stderr: () => undefined });
    assert.ok(json.join('').length < 10 * BOUND, `inspect --json printed ${json.join('').length} characters`);
  });
});
