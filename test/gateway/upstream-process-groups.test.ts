import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createScratchFolder, firstText, GATEWAY_BIN, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { npxServer, SLEEPER_MARK } from './fixtures/npx-package.ts';
import { descendantsOf, stillRunning, type ProcessId } from './fixtures/process-tree.ts';

/** The processes of one server's tree below `root`, once its sleeping child is up (npx's wrappers are then too). */
async function treeBelow(root: number, label: string): Promise<ProcessId[]> {
  let tree: ProcessId[] = [];
  await waitFor(
    () => {
      tree = descendantsOf(root, (commandLine) => commandLine.includes(` ${label}`));
      return tree.some((process) => process.commandLine.includes(SLEEPER_MARK));
    },
    `the process tree of '${label}'`,
    60_000,
  );
  return tree;
}

function allEnded(tree: readonly ProcessId[], what: string): Promise<void> {
  return waitFor(
    () => stillRunning(tree).length === 0,
    `${what}: ${stillRunning(tree)
      .map((process) => `${process.pid} ${process.commandLine}`)
      .join('; ')} still running`,
    20_000,
  );
}

// Servers started as users start them: `npx` runs `npm exec`, which runs `sh -c`, which runs the
// server, which here starts a child of its own. Each test takes the tree of one server from /proc while
// it runs, makes the gateway stop that server, and checks that no process of the tree is left running
// (re-parented to PID 1, as they were when only the direct child was signalled).
describe(
  'the gateway stops the whole process tree of an npx-started server',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  () => {
    let scratch: ScratchFolder;
    let client: Client;
    let transport: StdioClientTransport;
    const logs: string[] = [];
    let closed = false;

    const treeOf = (label: string): Promise<ProcessId[]> => treeBelow(transport.pid!, label);
    const logged = (pattern: RegExp): Promise<void> =>
      waitFor(() => logs.some((line) => pattern.test(line)), `a log line matching ${pattern}`, 60_000);

    before(async () => {
      scratch = createScratchFolder();
      const packageFolder = `${scratch.path}/npx-server`;
      const cache = `${scratch.path}/npm-cache`;
      const config = scratch.write('gateway.json', {
        tools: { tool_search: { enabled: 'off' } },
        timeouts: { connect_ms: 4000 },
        mcp_servers: {
          silent: npxServer(packageFolder, cache, 'silent', 'silent-one'),
          crashing: npxServer(packageFolder, cache, 'serve', 'crashing-one'),
          hung: npxServer(packageFolder, cache, 'serve', 'hung-one', { timeout_ms: 1000 }),
        },
      });
      transport = new StdioClientTransport({ command: process.execPath, args: [GATEWAY_BIN, 'serve', '--config', config], stderr: 'pipe' });
      let pending = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString('utf8')).split('\n');
        pending = lines.pop() ?? '';
        logs.push(...lines);
      });
      client = new Client({ name: 'process-group-test', version: '1.0.0' });
      client.onclose = () => (closed = true);
      await client.connect(transport);
    });
    after(async () => {
      if (process.env['GATEWAY_TEST_LOGS'] === '1') console.error(logs.join('\n'));
      await client?.close();
      scratch?.remove();
    });

    test('a server that did not finish the handshake: its tree, npx wrappers included', async () => {
      const tree = await treeOf('silent-one');
      assert.ok(
        tree.some((process) => process.commandLine.startsWith('npm exec')),
        'npx runs npm exec',
      );
      await logged(/^tool-search serve: \[silent\] did not complete the MCP handshake/);
      await allEnded(tree, 'after the handshake timed out');
    });

    test('a server that exited: what it left running', async () => {
      await logged(/^tool-search serve: \[crashing\] connected/);
      const tree = await treeOf('crashing-one');
      const result = await client.callTool({ name: 'mcp_crashing_crash', arguments: {} });
      assert.match(firstText(result), /MCP server 'crashing' stopped during the call to 'crash'/);
      await allEnded(tree, 'after the server exited');
    });

    test('a hung server it restarts: the old tree, before the new one starts', async () => {
      await logged(/^tool-search serve: \[hung\] connected/);
      const tree = await treeOf('hung-one');
      const result = await client.callTool({ name: 'mcp_hung_freeze', arguments: {} });
      assert.match(firstText(result), /MCP server 'hung' sent nothing about 'freeze'/);
      await logged(/^tool-search serve: \[hung\] stopped answering/);
      await allEnded(tree, 'after the hung server was restarted');
      await waitFor(
        () => logs.filter((line) => line.startsWith('tool-search serve: [hung] connected')).length === 2,
        'the restarted server',
        60_000,
      );
    });

    test('every server, when the gateway is stopped with SIGTERM', async () => {
      await treeOf('crashing-one');
      await treeOf('hung-one');
      const everything = descendantsOf(transport.pid!);
      process.kill(transport.pid!, 'SIGTERM');
      await waitFor(() => closed, 'the gateway to exit', 20_000);
      await allEnded(everything, 'after the gateway exited');
    });
  },
);

// `inspect` starts the servers of a config too, and used to leave `npm exec` behind.
describe(
  'tool-search inspect stops the process trees of the servers it started',
  { skip: process.platform !== 'linux' && 'reads /proc' },
  () => {
    let scratch: ScratchFolder;
    let packageFolder: string;
    let cache: string;
    before(() => {
      scratch = createScratchFolder();
      packageFolder = `${scratch.path}/npx-server`;
      cache = `${scratch.path}/npm-cache`;
    });
    after(() => scratch?.remove());

    /** Runs `inspect` on a config with one silent npx server; resolves with the child and its exit. */
    const inspect = (connectMs: number): { child: ChildProcess; exited: Promise<{ code: number | null; stderr: string }> } => {
      const config = scratch.write(`inspect-${connectMs}.json`, {
        timeouts: { connect_ms: connectMs },
        mcp_servers: { silent: npxServer(packageFolder, cache, 'silent', `silent-${connectMs}`) },
      });
      const child = spawn(process.execPath, [GATEWAY_BIN, 'inspect', '--config', config], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
        child.once('close', (code) => resolve({ code, stderr })),
      );
      return { child, exited };
    };

    test('when a server did not finish the handshake and inspect is done', async () => {
      const { child, exited } = inspect(3_000);
      const tree = await treeBelow(child.pid!, 'silent-3000');
      const { code, stderr } = await exited;
      assert.equal(code, 1);
      assert.match(stderr, /silent +FAILED: did not complete the MCP handshake/);
      await allEnded(tree, 'after inspect exited');
    });

    test('when inspect is interrupted (Ctrl-C) while a server starts', async () => {
      const { child, exited } = inspect(600_000);
      const tree = await treeBelow(child.pid!, 'silent-600000');
      child.kill('SIGINT');
      const { code, stderr } = await exited;
      assert.equal(code, 130);
      assert.match(stderr, /tool-search inspect: SIGINT: stopping the servers/);
      await allEnded(tree, 'after inspect was interrupted');
    });
  },
);
