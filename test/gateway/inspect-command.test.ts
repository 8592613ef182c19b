import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.ts';
import { createScratchFolder, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { output: { stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) }, out, err };
}

describe('tool-search inspect', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('prints a progress line per server, a table, and what the client would see; exits 1 when a server fails', async () => {
    const config = scratch.write('gateway.json', {
      model: { context_length: 8_000 },
      mcpServers: {
        memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
        gone: { command: `${scratch.path}/not-installed` },
      },
    });
    const { output, out, err } = capture();
    const code = await main(['inspect', '--config', config], output);
    const stdout = out.join('');
    assert.equal(code, 1);
    assert.match(err.join(''), /memory +connected, 9 tools/);
    assert.match(err.join(''), /gone +FAILED: could not start: command '.*not-installed' was not found/);
    assert.match(stdout, /^gone +failed +0 +0$/m);
    assert.match(stdout, /^memory +connected +9 +[\d,]+$/m);
    assert.match(
      stdout,
      /Tool Search is ACTIVE: auto: the 9 deferrable tools' schemas \([\d,]+ tokens\) reach 10% of the 8,000-token context/,
    );
    assert.match(stdout, /tools: +9 before -> 3 after$/m);
    assert.match(stdout, /tokens \(characters \/ 4\): [\d,]+ before -> \d+ after/);
    assert.match(stdout, /the tool array: tool_search, tool_describe, tool_call/);
  });

  test('shows per tool what is denied, needs approval or is pinned, and warns about a pattern that matches nothing', async () => {
    const config = scratch.write(
      'policy.yaml',
      [
        'mcp_servers:',
        `  memory: { command: "${process.execPath}", args: ["${MEMORY_SERVER}"], env: { MEMORY_FILE_PATH: "\${tempDir}/memory.jsonl" } }`,
        'pin: ["memory/read_graph"]',
        'policy: { deny: ["Delete_Entities"], require_approval: ["mcp_memory_create_*", "open_nodez"] }',
      ].join('\n'),
    );
    const { output, out, err } = capture();
    assert.equal(await main(['inspect', '--config', config], output), 0);
    const stdout = out.join('');
    assert.match(stdout, /^  mcp_memory_delete_entities +denied \(policy\.deny 'Delete_Entities'\)$/m);
    assert.match(stdout, /^  mcp_memory_create_entities +needs approval \(policy\.require_approval 'mcp_memory_create_\*'\)$/m);
    assert.match(stdout, /^  mcp_memory_read_graph +pinned \(pin 'memory\/read_graph'\)$/m);
    assert.match(stdout, /tools: +8 before -> \d+ after \(1 more hidden by policy\.deny\)/);
    assert.match(
      err.join(''),
      /warning: policy\.require_approval: 'open_nodez' matches none of the 9 tools of the connected servers \(did you mean 'open_nodes'\?\)/,
    );
    const json = capture();
    await main(['inspect', '--config', config, '--json'], json.output);
    const report = JSON.parse(json.out.join(''));
    assert.deepEqual(
      report.policy.find((row: { tool: string }) => row.tool === 'mcp_memory_delete_entities'),
      {
        tool: 'mcp_memory_delete_entities',
        server: 'memory',
        denied: 'Delete_Entities',
      },
    );
    assert.ok(!report.client.tools.includes('mcp_memory_delete_entities'));
  });

  test('reports a bad config file in one line and exits 2', async () => {
    const config = scratch.write('bad.yaml', 'mcp_servers:\n  github: { args: [x] }\n');
    const { output, out, err } = capture();
    assert.equal(await main(['inspect', '--config', config], output), 2);
    assert.equal(out.join(''), '');
    assert.equal(
      err.join(''),
      `tool-search inspect: config file '${config}': mcp_servers.github: needs 'command' (a local server started over stdio) or 'url' (a remote server)\n`,
    );
  });
});
