import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.ts';
import { createScratchFolder, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { output: { stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) }, out, err };
}

// Setup errors stop `serve` before it starts any upstream: one line on stderr, exit code 2.
describe('tool-search serve setup errors', () => {
  let scratch: ScratchFolder;
  let busy: Server;
  let busyPort: number;
  let config: string;

  before(async () => {
    scratch = createScratchFolder();
    config = scratch.write('gateway.json', { mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER] } } });
    busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    busyPort = (busy.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise<void>((resolve) => busy.close(() => resolve()));
    scratch?.remove();
  });

  test('names an activity log that cannot be opened', async () => {
    const bad = scratch.write('bad-log.json', { mcp_servers: {}, activity_log: './missing-folder/activity.jsonl' });
    const { output, out, err } = capture();
    assert.equal(await main(['serve', '--config', bad], output), 2);
    assert.equal(out.join(''), '');
    assert.match(err.join(''), /^warning: mcp_servers: no servers configured; the gateway will offer no tools\n/);
    assert.match(
      err.join(''),
      /tool-search serve: activity_log '.*missing-folder\/activity\.jsonl' cannot be opened for appending \(ENOENT\); check that its folder exists and is writable\n$/,
    );
  });

  test('names a port that is in use', async () => {
    const { output, err } = capture();
    assert.equal(await main(['serve', '--config', config, '--http', String(busyPort), '--allow-unauthenticated'], output), 2);
    assert.equal(
      err.join(''),
      `tool-search serve: --http ${busyPort}: that port on 127.0.0.1 is already in use; pick another, or 0 for a free one\n`,
    );
  });

  test('names a missing config file and an unknown option', async () => {
    const missing = capture();
    assert.equal(await main(['serve', '--config', `${scratch.path}/nope.yaml`], missing.output), 2);
    assert.equal(missing.err.join(''), `tool-search serve: config file '${scratch.path}/nope.yaml' does not exist\n`);
    const unknown = capture();
    assert.equal(await main(['serve', '--port', '3000'], unknown.output), 2);
    assert.equal(
      unknown.err.join(''),
      "tool-search serve: unknown option --port for 'serve'; run 'tool-search serve --help' for its options\n",
    );
  });
});
