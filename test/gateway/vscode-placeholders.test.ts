import assert from 'node:assert/strict';
import { mkdirSync, realpathSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { resolveGatewayConfig, type PlaceholderValues } from '../../src/gateway/index.ts';
import { main } from '../../src/cli/main.ts';
import {
  createScratchFolder,
  FILESYSTEM_SERVER,
  firstText,
  GATEWAY_BIN,
  MEMORY_SERVER,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

const places = (configDir: string, more: Partial<PlaceholderValues> = {}): PlaceholderValues => ({
  configDir,
  tempDir: () => '/tmp/gateway-x',
  env: {},
  ...more,
});
const argsOf = (document: unknown, values: PlaceholderValues): readonly string[] => {
  const server = resolveGatewayConfig(document, values).config.servers[0]!;
  assert.ok(server.transport === 'stdio');
  return server.args;
};

// VS Code's mcp.json `servers` block is said to paste as is. VS Code fills in `${workspaceFolder}` and
// `${userHome}`, and asks the user for each `${input:ID}`; the gateway has no workspace and no prompt.
describe("VS Code's placeholders in a gateway config", () => {
  const workspaceServer = {
    servers: { files: { type: 'stdio', command: 'node', args: ['server.js', '${workspaceFolder}', '${userHome}/notes'] } },
  };

  test("${workspaceFolder} is the folder above .vscode for VS Code's own file, else the config's folder", () => {
    assert.deepEqual(argsOf(workspaceServer, places('/work/app/.vscode', { userHome: '/home/ada' })), [
      'server.js',
      '/work/app',
      '/home/ada/notes',
    ]);
    assert.deepEqual(argsOf(workspaceServer, places('/home/ada/tool-search', { userHome: '/home/ada' })), [
      'server.js',
      '/home/ada/tool-search',
      '/home/ada/notes',
    ]);
  });

  test('${workspaceFolder} is the folder given (serve --workspace-folder) when there is one', () => {
    assert.deepEqual(
      argsOf(workspaceServer, places('/work/app/.vscode', { workspaceFolder: '/srv/other', userHome: '/home/ada' }))[1],
      '/srv/other',
    );
  });

  test('${input:ID} keeps its server from starting, and the warning names the environment variable to use instead', () => {
    const { config, warnings } = resolveGatewayConfig(
      {
        servers: {
          github: { command: 'node', args: ['server.js'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${input:github-token}' } },
          other: { command: 'node' },
        },
      },
      places('/work/app/.vscode'),
    );
    assert.deepEqual(
      config.servers.map((server) => [server.name, server.missingInputs]),
      [
        ['github', ['github-token']],
        ['other', []],
      ],
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        "servers.github: '${input:github-token}' is a VS Code input, which only VS Code can ask for: set an environment variable instead and write '${env:GITHUB_TOKEN}' in its place; this server will not be started",
      ],
    );
  });

  test('${input:ID} where no server can be left out stops the gateway with the same advice', () => {
    assert.throws(() => resolveGatewayConfig({ http: { token: '${input:gateway-token}' } }, places('/work')), {
      name: 'ToolSearchError',
      message:
        "http.token: '${input:gateway-token}' is a VS Code input, which only VS Code can ask for: set an environment variable instead and write '${env:GATEWAY_TOKEN}' in its place",
    });
  });

  test('another VS Code variable is named as one, with what to write instead', () => {
    assert.throws(() => resolveGatewayConfig({ servers: { a: { command: 'node', args: ['${file}'] } } }, places('/work')), {
      name: 'ToolSearchError',
      message:
        "servers.a.args[0]: '${file}' is a VS Code variable the gateway cannot know; write its value instead (known: ${configDir}, ${tempDir}, ${env:NAME}, ${workspaceFolder}, ${userHome})",
    });
  });
});

// The process boundary: VS Code's file, pasted whole, run by `serve` over stdio as a client runs it.
describe("serve runs VS Code's servers block as pasted", () => {
  let scratch: ScratchFolder;
  let workspace: string;
  let client: Client;
  const logs: string[] = [];

  before(async () => {
    scratch = createScratchFolder();
    workspace = realpathSync(scratch.path);
    mkdirSync(`${workspace}/.vscode`);
    const config = scratch.write('.vscode/mcp.json', {
      servers: {
        files: { type: 'stdio', command: process.execPath, args: [FILESYSTEM_SERVER, '${workspaceFolder}'] },
        memory: {
          type: 'stdio',
          command: process.execPath,
          args: [MEMORY_SERVER],
          env: { MEMORY_FILE_PATH: '${workspaceFolder}/memory.jsonl', API_KEY: '${input:memory-key}' },
        },
      },
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, 'serve', '--config', config],
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n')));
    client = new Client({ name: 'vscode-paste-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  test('starts a server whose arguments use ${workspaceFolder}, with the folder above .vscode', async () => {
    const result = await client.callTool({ name: 'tool_call', arguments: { name: 'mcp_files_list_allowed_directories', arguments: {} } });
    assert.equal(result.isError, undefined, firstText(result));
    assert.match(firstText(result), new RegExp(`^Allowed directories:\\n${workspace.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  });

  test('tells the model why a server using ${input:...} is not available, and what to set', async () => {
    const result = await client.callTool({ name: 'mcp_memory_read_graph', arguments: {} });
    assert.equal(result.isError, true);
    assert.match(
      firstText(result),
      /MCP server 'memory' is not available: cannot start: its config refers to VS Code input 'memory-key' \(\$\{input:memory-key\}\), which only VS Code can ask for; set environment variable MEMORY_KEY, write \$\{env:MEMORY_KEY\} in its place and restart the gateway/,
    );
    assert.ok(logs.some((line) => line.includes("warning: servers.memory: '${input:memory-key}' is a VS Code input")));
  });
});

describe('--workspace-folder', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
    mkdirSync(`${scratch.path}/.vscode`);
    mkdirSync(`${scratch.path}/elsewhere/only-here`, { recursive: true });
  });
  after(() => scratch?.remove());

  const inspect = async (...extra: string[]): Promise<{ code: number; stderr: string }> => {
    const config = scratch.write('.vscode/mcp.json', {
      servers: { files: { type: 'stdio', command: process.execPath, args: [FILESYSTEM_SERVER, '${workspaceFolder}/only-here'] } },
    });
    let stderr = '';
    const code = await main(['inspect', '--config', config, '--json', ...extra], {
      stdout: () => undefined,
      stderr: (text) => void (stderr += text),
    });
    return { code, stderr };
  };

  test('sets ${workspaceFolder} for inspect (and serve)', async () => {
    assert.equal((await inspect()).code, 1, 'without it, the folder above .vscode has no only-here');
    const { code, stderr } = await inspect('--workspace-folder', `${scratch.path}/elsewhere`);
    assert.equal(code, 0, stderr);
  });

  test('must be a folder', async () => {
    const { code, stderr } = await inspect('--workspace-folder', `${scratch.path}/nowhere`);
    assert.equal(code, 2);
    assert.equal(
      stderr,
      `tool-search inspect: --workspace-folder ${scratch.path}/nowhere: no such folder; give the folder \${workspaceFolder} stands for\n`,
    );
  });
});
