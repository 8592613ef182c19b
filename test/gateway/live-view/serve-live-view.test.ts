import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, GATEWAY_BIN, MEMORY_SERVER, type ScratchFolder } from '../fixtures/gateway-test-support.ts';

/** A `tool-search serve` child process, once it printed the live view line (or exited). */
interface ServeProcess {
  readonly invitation: string | undefined;
  readonly exitCode: number | null;
  stderr(): string;
  stdout(): string;
  stop(): Promise<void>;
}

function startServe(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<ServeProcess> {
  const merged = Object.fromEntries(Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  // stdin stays open: a stdio gateway stops when its client closes it.
  const child = spawn(process.execPath, [GATEWAY_BIN, 'serve', ...args], { env: merged, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => void (stdout += chunk));
  return new Promise((resolve) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const found = /live view: open (.*)\n/.exec(stderr);
      if (found !== null) resolve({ invitation: found[1], exitCode: null, stderr: () => stderr, stdout: () => stdout, stop });
    });
    void exited.then((code) => resolve({ invitation: undefined, exitCode: code, stderr: () => stderr, stdout: () => stdout, stop }));
  });
}

/** Signs in with `signInUrl` as a browser would: the 303's cookie, then the page with it. */
async function signIn(signInUrl: string): Promise<{ redirect: Response; cookie: string }> {
  const redirect = await fetch(signInUrl, { redirect: 'manual' });
  const cookie = (redirect.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { redirect, cookie };
}

describe('tool-search serve --ui PORT: the page of a stdio gateway', () => {
  let scratch: ScratchFolder;
  let config: string;
  const started: ServeProcess[] = [];
  const noToken = { TOOL_SEARCH_HTTP_TOKEN: undefined };

  before(() => {
    scratch = createScratchFolder();
    config = scratch.write('gateway.json', { mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER] } } });
  });
  after(async () => {
    for (const serve of started) await serve.stop();
    scratch?.remove();
  });

  test('prints the sign-in URL with a token made for this run to stderr, never to stdout, and the page opens only with it', async () => {
    const serve = await startServe(['--config', config, '--ui', '0'], noToken);
    started.push(serve);
    assert.ok(serve.invitation, serve.stderr());
    const match = /^(http:\/\/127\.0\.0\.1:\d+\/)\?token=([0-9a-f]{64}) \(.*the token is new at every start\)$/.exec(serve.invitation);
    assert.ok(match, serve.invitation);
    const [, base, token] = match;
    assert.equal((await fetch(base!)).status, 401);
    const { redirect, cookie } = await signIn(`${base}?token=${token}`);
    assert.equal(redirect.status, 303);
    assert.equal(redirect.headers.get('location'), '/');
    assert.match(redirect.headers.get('set-cookie') ?? '', /; Path=\/; HttpOnly; SameSite=Strict$/);
    const page = await fetch(base!, { headers: { cookie } });
    assert.equal(page.status, 200);
    assert.match(page.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.match(await page.text(), /<title>Tool Search gateway<\/title>/);
    assert.equal(serve.stdout(), '', 'stdout is the MCP channel');
  });

  test("uses TOOL_SEARCH_HTTP_TOKEN when set, and never prints it", async () => {
    const token = 'a-page-token-from-the-environment-42';
    const serve = await startServe(['--config', config, '--ui', '0'], { TOOL_SEARCH_HTTP_TOKEN: token });
    started.push(serve);
    assert.ok(serve.invitation, serve.stderr());
    const match = /^(http:\/\/127\.0\.0\.1:\d+\/)\?token=<the token from TOOL_SEARCH_HTTP_TOKEN> /.exec(serve.invitation);
    assert.ok(match, serve.invitation);
    const { redirect } = await signIn(`${match[1]}?token=${token}`);
    assert.equal(redirect.status, 303);
    await serve.stop();
    assert.ok(!serve.stderr().includes(token));
  });

  test('refuses --ui together with --http, saying where the page is', async () => {
    const serve = await startServe(['--config', config, '--ui', '0', '--http', '0'], noToken);
    assert.equal(serve.exitCode, 2);
    assert.match(serve.stderr(), /--ui PORT is for a stdio gateway; with --http PORT the page is served at \/ on that port/);
  });
});
