import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createScratchFolder, GATEWAY_BIN, SCRIPTED_SERVER, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';

/** A gateway config whose activity log is `log` (written as given), with one scripted server. */
function configWith(scratch: ScratchFolder, name: string, log: string): string {
  return scratch.write(
    name,
    [
      'tools: { tool_search: { enabled: off } }',
      'mcp_servers:',
      `  scripted: { command: "${process.execPath}", args: ["${SCRIPTED_SERVER}"] }`,
      `activity_log: "${log}"`,
    ].join('\n'),
  );
}

/** Runs `serve` to its end on a config that is expected to stop it at start. */
function serveOnce(config: string): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, [GATEWAY_BIN, 'serve', '--config', config], { encoding: 'utf8', input: '', timeout: 30_000 });
  return { status: run.status, stderr: run.stderr };
}

/** A `serve` over stdio through the SDK client, started by `command` (a shell line can set limits first). */
async function connect(command: string, args: readonly string[]): Promise<{ client: Client; stderr: () => string }> {
  let text = '';
  const transport = new StdioClientTransport({ command, args: [...args], stderr: 'pipe' });
  transport.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const client = new Client({ name: 'activity-log-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => text };
}

// Issue 25 item 9: `activity_log: /dev/full` made the device mode 600; the log followed symlinks, and a
// log that could not be written was given up on silently.
describe('the activity log file', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('is refused when it is a symbolic link, naming where it points, and the target is left alone', () => {
    const target = scratch.write('target.txt', 'not a log\n');
    chmodSync(target, 0o644);
    symlinkSync(target, `${scratch.path}/link.jsonl`);
    const run = serveOnce(configWith(scratch, 'link.yaml', './link.jsonl'));
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr.trim().split('\n').at(-1),
      `tool-search serve: activity_log '${scratch.path}/link.jsonl' is a symbolic link (to '${target}'); the gateway writes its log only to a regular file, never through a link: give the file's own path`,
    );
    assert.equal(readFileSync(target, 'utf8'), 'not a log\n');
    assert.equal(statSync(target).mode & 0o777, 0o644);
  });

  test('is refused when it is a device or a FIFO, and the device keeps its mode', () => {
    const before = statSync('/dev/full').mode;
    const device = serveOnce(configWith(scratch, 'device.yaml', '/dev/full'));
    assert.equal(device.status, 2);
    assert.equal(
      device.stderr.trim().split('\n').at(-1),
      "tool-search serve: activity_log '/dev/full' is a character device, not a regular file; give the path of a file (it is created, owner-only, if missing)",
    );
    assert.equal(statSync('/dev/full').mode, before);
    spawnSync('mkfifo', [`${scratch.path}/fifo.jsonl`]);
    const fifo = serveOnce(configWith(scratch, 'fifo.yaml', './fifo.jsonl'));
    assert.equal(fifo.status, 2, 'refused at once rather than blocking on a FIFO without a reader');
    assert.match(fifo.stderr, /activity_log '.*fifo\.jsonl' is a FIFO \(named pipe\), not a regular file/);
  });

  test('that exists and others may read keeps its mode, with a warning saying how to change it; a new one is created owner-only', async () => {
    const shared = scratch.write('shared.jsonl', '');
    chmodSync(shared, 0o644);
    const { client, stderr } = await connect(process.execPath, [
      GATEWAY_BIN,
      'serve',
      '--config',
      configWith(scratch, 'shared.yaml', './shared.jsonl'),
    ]);
    try {
      await client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'hello' } });
    } finally {
      await client.close();
    }
    assert.equal(statSync(shared).mode & 0o777, 0o644, 'a file the gateway did not create keeps its mode');
    assert.ok(
      stderr().includes(
        `tool-search serve: warning: activity_log '${shared}' can be read by other users (mode 644); the gateway changes no mode of a file it did not create: run chmod 600 '${shared}' to keep what the model does private`,
      ),
      stderr(),
    );
    assert.match(readFileSync(shared, 'utf8'), /"tool":"mcp_scripted_echo"/);

    const { client: second } = await connect(process.execPath, [
      GATEWAY_BIN,
      'serve',
      '--config',
      configWith(scratch, 'fresh.yaml', './fresh.jsonl'),
    ]);
    await second.listTools();
    await second.close();
    assert.equal(statSync(`${scratch.path}/fresh.jsonl`).mode & 0o777, 0o600);
  });
});

describe('an activity log that cannot be written', () => {
  let scratch: ScratchFolder;
  let log: string;
  let config: string;
  before(() => {
    scratch = createScratchFolder();
    // The shell's file-size limit (2 blocks of 1,024 bytes) makes every append to a file of that size
    // fail with EFBIG: a real write failure, as on a full disk, without filling one.
    log = scratch.write('full.jsonl', `${'x'.repeat(2047)}\n`);
    chmodSync(log, 0o600);
    config = configWith(scratch, 'full.yaml', './full.jsonl');
  });
  after(() => scratch?.remove());

  /** The sign-in link in the line serve prints for the live view (a one-time code in it). */
  const SIGN_IN_LINK = /live view: \S+ \(one-time code \S+, or open (\S+);/;

  test("is reported in the gateway's log and in the live view's state, with the lines lost, while calls go on", async () => {
    const { client, stderr } = await connect('bash', [
      '-c',
      `ulimit -f 2; exec "${process.execPath}" "${GATEWAY_BIN}" serve --config "${config}" --ui 0`,
    ]);
    try {
      await waitFor(() => SIGN_IN_LINK.test(stderr()), 'the live view line');
      const result = await client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'still answered' } });
      assert.notEqual(result.isError, true);
      await client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'again' } });
      assert.ok(
        stderr().includes(
          `tool-search serve: warning: activity_log '${log}': a line could not be written (EFBIG: file too large); the gateway tries again with every line, and inspect and the live view say how many were lost`,
        ),
        stderr(),
      );
      const signIn = await fetch(SIGN_IN_LINK.exec(stderr())![1]!, { redirect: 'manual' });
      assert.equal(signIn.status, 303, 'the printed one-time code signs in');
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      const state = (await (await fetch(new URL('/api/state', signIn.url), { headers: { cookie } })).json()) as {
        activityLog?: { path: string; state: string; linesLost: number; error?: string };
        warnings: string[];
      };
      assert.equal(state.activityLog?.path, log);
      assert.equal(state.activityLog?.state, 'failing');
      assert.ok((state.activityLog?.linesLost ?? 0) >= 2, JSON.stringify(state.activityLog));
      assert.equal(state.activityLog?.error, 'EFBIG: file too large');
      assert.ok(
        state.warnings.some((warning) =>
          /^activity_log: lines are not being written \(EFBIG: file too large\); \d+ lost so far$/.test(warning),
        ),
        JSON.stringify(state.warnings),
      );
    } finally {
      await client.close();
    }
    assert.equal(readFileSync(log, 'utf8'), `${'x'.repeat(2047)}\n`, 'nothing half-written');
  });

  test('is reported by inspect, which exits 1', () => {
    const run = spawnSync('bash', ['-c', `ulimit -f 2; exec "${process.execPath}" "${GATEWAY_BIN}" inspect --config "${config}"`], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.match(
      run.stdout,
      new RegExp(
        `^Activity log: ${log.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: a line could not be written there \\(EFBIG: file too large\\)$`,
        'm',
      ),
    );
    const json = spawnSync('bash', ['-c', `ulimit -f 2; exec "${process.execPath}" "${GATEWAY_BIN}" inspect --config "${config}" --json`], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.deepEqual((JSON.parse(json.stdout) as { activity_log: unknown }).activity_log, {
      path: log,
      writable: false,
      error: 'EFBIG: file too large',
    });
  });

  test('inspect says a writable log is writable', () => {
    const fine = configWith(scratch, 'fine.yaml', './fine.jsonl');
    const run = spawnSync(process.execPath, [GATEWAY_BIN, 'inspect', '--config', fine], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Activity log: .*fine\.jsonl: lines can be written there$/m);
  });
});
