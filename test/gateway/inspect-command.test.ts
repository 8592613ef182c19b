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
    const config = scratch.write(
      'gateway.json',
      {
        model: { context_length: 8_000 },
        mcpServers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          gone: { command: `${scratch.path}/not-installed` },
        },
      },
    );
    const { output, out, err } = capture();
    const code = await main(['inspect', '--config', config], output);
    const stdout = out.join('');
    assert.equal(code, 1);
    assert.match(err.join(''), /memory +connected, 9 tools/);
    assert.match(err.join(''), /gone +FAILED: could not start: command '.*not-installed' was not found/);
    assert.match(stdout, /^gone +failed +0 +0$/m);
    assert.match(stdout, /^memory +connected +9 +[\d,]+$/m);
    assert.match(stdout, /Tool Search is ACTIVE: auto: the 9 deferrable tools' schemas \(\d+ tokens\) reach 10% of the 8000-token context/);
    assert.match(stdout, /tools: +9 before -> 3 after/);
    assert.match(stdout, /the tool array: tool_search, tool_describe, tool_call/);
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
