import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { describeStartTimeout } from '../../src/gateway/describe-start-timeout.ts';
import type { UpstreamConfig } from '../../src/gateway/gateway-config.ts';
import { packageRunOf } from '../../src/gateway/package-runner.ts';
import { StartTimeoutError } from '../../src/gateway/start-deadline.ts';

const limits = { quietMs: 20_000, maxMs: 120_000 };
const stdio = (command: string, args: string[]): UpstreamConfig => ({
  transport: 'stdio',
  name: 's',
  command,
  args,
  env: {},
  missingEnv: [],
  missingInputs: [],
  callTimeoutMs: 1,
  callMaxMs: 1,
});

describe('packageRunOf', () => {
  test('recognises the runners that download a package first, and the package', () => {
    for (const [command, args, expected] of [
      ['npx', ['-y', '@modelcontextprotocol/server-github'], { runner: 'npx', packageName: '@modelcontextprotocol/server-github' }],
      ['/usr/local/bin/npx', ['--yes', '--package=@scope/pkg@1.2', 'pkg-bin'], { runner: 'npx', packageName: '@scope/pkg@1.2' }],
      ['C:\\Program Files\\nodejs\\npx.cmd', ['-y', 'mcp-server'], { runner: 'npx', packageName: 'mcp-server' }],
      ['npm', ['exec', '-y', '--', 'mcp-server', '--port', '1'], { runner: 'npm exec', packageName: 'mcp-server' }],
      ['uvx', ['--from', 'mcp-server-git', 'mcp-server-git'], { runner: 'uvx', packageName: 'mcp-server-git' }],
      ['uvx', ['mcp-server-fetch'], { runner: 'uvx', packageName: 'mcp-server-fetch' }],
      ['pnpm', ['dlx', 'mcp-server'], { runner: 'pnpm dlx', packageName: 'mcp-server' }],
      ['bunx', ['-y'], { runner: 'bunx', packageName: undefined }],
    ] as const) {
      assert.deepEqual(packageRunOf(command, args), expected, `${command} ${args.join(' ')}`);
    }
  });

  test('leaves other commands alone', () => {
    assert.equal(packageRunOf('node', ['server.js']), undefined);
    assert.equal(packageRunOf('npm', ['run', 'server']), undefined);
    assert.equal(packageRunOf('docker', ['run', '-i', 'mcp/github']), undefined);
  });
});

describe('describeStartTimeout', () => {
  test('a quiet npx server: the download, the key to raise and the command that fills the cache', () => {
    const error = new StartTimeoutError('quiet', 21_300, limits, true);
    assert.equal(
      describeStartTimeout(error, stdio('npx', ['-y', '@modelcontextprotocol/server-github', '--token', 'x'])),
      'did not complete the MCP handshake within 21 s, and showed no sign of work (CPU time, output, a new process) for the last 20 s (timeouts.connect_ms). ' +
        "A first start with npx may still be downloading '@modelcontextprotocol/server-github': raise timeouts.connect_ms (now 20000), " +
        "or fill the cache first: run 'npx -y @modelcontextprotocol/server-github' once in a terminal (stop it with Ctrl-C if it waits for input)",
    );
  });

  test('an npx server busy past the ceiling: connect_max_ms is the key to raise', () => {
    const error = new StartTimeoutError('limit', 120_004, limits, true);
    assert.equal(
      describeStartTimeout(error, stdio('uvx', ['mcp-server-fetch'])),
      'was still starting after 120 s, the most a start may take (timeouts.connect_max_ms), though it kept working. ' +
        "A first start with uvx may still be downloading 'mcp-server-fetch': raise timeouts.connect_max_ms (now 120000), " +
        "or fill the cache first: run 'uvx mcp-server-fetch' once in a terminal (stop it with Ctrl-C if it waits for input)",
    );
  });

  test('another local command: the key to raise', () => {
    const error = new StartTimeoutError('quiet', 20_000, limits, true);
    assert.match(
      describeStartTimeout(error, stdio('node', ['server.js'])),
      /; if it needs longer to start, raise timeouts\.connect_ms \(now 20000\)$/,
    );
  });

  test('a remote server: the time alone', () => {
    const error = new StartTimeoutError('quiet', 20_000, limits, false);
    const remote: UpstreamConfig = {
      transport: 'http',
      name: 'r',
      url: new URL('http://127.0.0.1:1/mcp'),
      displayUrl: 'http://127.0.0.1:1/mcp',
      headers: {},
      missingEnv: [],
      missingInputs: [],
      callTimeoutMs: 1,
      callMaxMs: 1,
    };
    assert.equal(describeStartTimeout(error, remote), 'did not complete the MCP handshake within 20 s (timeouts.connect_ms)');
  });
});
