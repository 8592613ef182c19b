import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, GATEWAY_BIN, MEMORY_SERVER, waitFor, type ScratchFolder } from '../fixtures/gateway-test-support.ts';

/** A `tool-search serve` child process, once it printed the live view line (or exited). */
interface ServeProcess {
  /** The page's address and the one-time code of the first `live view:` line. */
  readonly base: string | undefined;
  readonly code: string | undefined;
  readonly exitCode: number | null;
  stderr(): string;
  stdout(): string;
  stop(): Promise<void>;
}

const INVITATION =
  /live view: (http:\/\/127\.0\.0\.1:\d+\/) \(one-time code ([0-9A-Z-]{24}), or open (\S+); each code signs in one browser once, and a new one is printed when it is used\)\n/;

function startServe(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<ServeProcess> {
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
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
      const found = INVITATION.exec(stderr);
      if (found !== null) resolve({ base: found[1], code: found[2], exitCode: null, stderr: () => stderr, stdout: () => stdout, stop });
    });
    void exited.then((code) =>
      resolve({ base: undefined, code: undefined, exitCode: code, stderr: () => stderr, stdout: () => stdout, stop }),
    );
  });
}

/** The cookie a sign-in response set (`name=value`), or ''. */
function cookieOf(response: Response): string {
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

describe('tool-search serve: signing in to the live view with a one-time code', () => {
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

  test('--ui prints the address and a one-time code to stderr, never stdout; the code signs in one browser once, then the next code is printed', async () => {
    const serve = await startServe(['--config', config, '--ui', '0'], noToken);
    started.push(serve);
    assert.ok(serve.base && serve.code, serve.stderr());
    const base = serve.base;
    const page = await fetch(base);
    assert.equal(page.status, 401);
    assert.match(await page.text(), /<form id="sign-in-form" method="post" action="\/sign-in"/);

    const link = `${base}sign-in?code=${serve.code}`;
    const signedIn = await fetch(link, { redirect: 'manual' });
    assert.equal(signedIn.status, 303);
    assert.equal(signedIn.headers.get('location'), '/');
    assert.match(
      signedIn.headers.get('set-cookie') ?? '',
      /^tool_search_view_\d+=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    const cookie = cookieOf(signedIn);
    const opened = await fetch(base, { headers: { cookie } });
    assert.equal(opened.status, 200);
    assert.match(opened.headers.get('content-security-policy') ?? '', /script-src 'self'/);
    assert.match(await opened.text(), /<title>Tool Search gateway<\/title>/);

    const replayed = await fetch(link, { redirect: 'manual' });
    assert.equal(replayed.status, 401);
    assert.equal(replayed.headers.get('set-cookie'), null);
    assert.match(await replayed.text(), /This code was used already: each code signs in one browser once/);

    await waitFor(
      () =>
        /live view: a browser signed in; the next one signs in at http:\/\/127\.0\.0\.1:\d+\/ with the one-time code [0-9A-Z-]{24}/.test(
          serve.stderr(),
        ),
      'the next code',
    );
    const next = /with the one-time code ([0-9A-Z-]{24})/.exec(serve.stderr())![1]!;
    // The form posts the code in the body, never in the address.
    const posted = await fetch(`${base}sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base.slice(0, -1) },
      body: `code=${encodeURIComponent(next.toLowerCase())}`,
    });
    assert.equal(posted.status, 303);
    assert.notEqual(cookieOf(posted), cookie);
    assert.equal(serve.stdout(), '', 'stdout is the MCP channel');
  });

  test('--http: the MCP token is never printed, never opens the page, and a page cookie never opens /mcp', async () => {
    const token = 'an-mcp-token-from-the-environment-42';
    const serve = await startServe(['--config', config, '--http', '0'], { TOOL_SEARCH_HTTP_TOKEN: token });
    started.push(serve);
    assert.ok(serve.base && serve.code, serve.stderr());
    const base = serve.base;
    const withToken = await fetch(`${base}?token=${token}`, { redirect: 'manual' });
    assert.equal(withToken.status, 401);
    assert.match(await withToken.text(), /The live view no longer takes a token in its address/);
    assert.equal((await fetch(`${base}api/state`, { headers: { authorization: `Bearer ${token}` } })).status, 401);
    const cookie = cookieOf(await fetch(`${base}sign-in?code=${serve.code}`, { redirect: 'manual' }));
    assert.equal((await fetch(`${base}api/state`, { headers: { cookie } })).status, 200);
    const mcp = await fetch(`${base}mcp`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' });
    assert.equal(mcp.status, 401);
    await serve.stop();
    assert.ok(!serve.stderr().includes(token));
  });

  test('refuses --ui together with --http, saying where the page is', async () => {
    const serve = await startServe(['--config', config, '--ui', '0', '--http', '0'], noToken);
    assert.equal(serve.exitCode, 2);
    assert.match(serve.stderr(), /--ui PORT is for a stdio gateway; with --http PORT the page is served at \/ on that port/);
  });
});
