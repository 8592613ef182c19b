import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { main } from '../../src/cli/main.ts';
import { createScratchFolder, GATEWAY_BIN, SCRIPTED_SERVER, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';

// Issue 28, "config mistakes that still pass quietly", as a user meets them: `serve` and `inspect` on a
// config file with the typo in it.
describe('config typos in serve and inspect', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('serve stops (exit 2) on a root key a typo away from policy, instead of dropping every deny rule', () => {
    const config = scratch.write('polcy.yaml', ['mcp_servers: {}', 'polcy: { deny: ["*delete*"] }'].join('\n'));
    const run = spawnSync(process.execPath, [GATEWAY_BIN, 'serve', '--config', config], { encoding: 'utf8', input: '' });
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr,
      `tool-search serve: config file '${config}': polcy: unknown key (did you mean 'policy'?); stopped rather than go on without the policy settings it may hold\n`,
    );
  });

  test("a server whose 'arg' was ignored and that then fails to start is reported with the key it probably meant", async () => {
    // `node` without its script waits for a program on stdin: the handshake times out, as in the issue.
    const config = scratch.write(
      'arg.yaml',
      ['timeouts: { connect_ms: 1000 }', 'mcp_servers:', `  typo: { command: "${process.execPath}", arg: ["${SCRIPTED_SERVER}"] }`].join(
        '\n',
      ),
    );
    let text = '';
    const stderr = (): string[] => text.split('\n');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, 'serve', '--config', config],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const client = new Client({ name: 'typo-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      await client.listTools();
      await waitFor(() => stderr().some((line) => line.includes('[typo] did not complete')), 'the failure line');
      assert.ok(
        stderr().includes(
          "warning: mcp_servers.typo.arg: unknown key, ignored (did you mean 'args'?) (known keys: command, args, env, cwd, url, headers, type, transport, timeout_ms, disabled)",
        ),
      );
      const failure = stderr().find((line) => line.includes('[typo] did not complete'))!;
      assert.match(
        failure,
        /^tool-search serve: \[typo\] did not complete the MCP handshake within \d\.\d s, and showed no sign of work .*\(now 1000\).*; its config's unknown key 'arg' \(did you mean 'args'\?\) was ignored; restarting in /,
      );
    } finally {
      await client.close();
    }
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['inspect', '--config', config], {
      stdout: (text) => void out.push(text),
      stderr: (text) => void err.push(text),
    });
    assert.equal(code, 1);
    assert.match(
      out.join(''),
      /^ {2}typo: did not complete the MCP handshake within \d\.\d s, and showed no sign of work .*\(now 1000\).*; its config's unknown key 'arg' \(did you mean 'args'\?\) was ignored$/m,
    );
  });
});
