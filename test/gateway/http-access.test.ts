import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { resolveHttpConfig } from '../../src/gateway/http-config.ts';
import {
  createScratchFolder,
  EVERYTHING_SERVER,
  GATEWAY_BIN,
  MEMORY_SERVER,
  firstText,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http-access-test', version: '1' } },
});

/** Sends a bare initialize request with `headers`; returns the status, body and session id. */
async function initialize(
  url: URL,
  headers: Readonly<Record<string, string>>,
): Promise<{ status: number; body: string; sessionId: string | null; challenge: string | null }> {
  const response = await fetch(url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: INITIALIZE });
  return {
    status: response.status,
    body: await response.text(),
    sessionId: response.headers.get('mcp-session-id'),
    challenge: response.headers.get('www-authenticate'),
  };
}

/** Ends an MCP session the way a client does: HTTP DELETE with its id. */
async function endSession(url: URL, headers: Readonly<Record<string, string>>, sessionId: string): Promise<number> {
  const response = await fetch(url, { method: 'DELETE', headers: { ...headers, 'mcp-session-id': sessionId } });
  await response.text();
  return response.status;
}

/** The JSON-RPC error message of a refusal body. */
function errorMessage(body: string): string {
  return (JSON.parse(body) as { error: { message: string } }).error.message;
}

describe('HTTP gateway access: bearer token, Origin and the session cap', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    const document = {
      tools: { tool_search: 'off' },
      mcp_servers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
    };
    // The fixture's own client holds one of the 3 sessions.
    under = await startHttpGateway(document, scratch.path, {}, { maxSessions: 3, allowedOrigins: ['https://app.example.com'] });
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('answers a request without a token with 401, a Bearer challenge and what to send', async () => {
    const refused = await initialize(under.http.url, {});
    assert.equal(refused.status, 401);
    assert.equal(refused.challenge, 'Bearer realm="tool-search"');
    assert.equal(refused.sessionId, null);
    assert.match(errorMessage(refused.body), /send the header 'Authorization: Bearer <token>'/);
  });

  test('answers a wrong token of the same or another length with 401, quoting neither token', async () => {
    const token = under.headers['authorization']!.slice('Bearer '.length);
    const sameLength = token.replace(/^./, token.startsWith('a') ? 'b' : 'a');
    for (const wrong of [sameLength, 'short', `${token}-longer`]) {
      const refused = await initialize(under.http.url, { authorization: `Bearer ${wrong}` });
      assert.equal(refused.status, 401, wrong);
      assert.equal(refused.challenge, 'Bearer realm="tool-search", error="invalid_token"');
      assert.ok(!refused.body.includes(wrong) && !refused.body.includes(token), 'the body quotes no token');
    }
  });

  test('refuses a later request of an open session that drops the token', async () => {
    const opened = await initialize(under.http.url, under.headers);
    assert.equal(opened.status, 200);
    const response = await fetch(under.http.url, {
      method: 'POST',
      headers: { ...ACCEPT, 'mcp-session-id': opened.sessionId! },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    assert.equal(response.status, 401);
    await response.text();
    assert.equal(await endSession(under.http.url, under.headers, opened.sessionId!), 200);
  });

  test('serves the SDK client that sends the right token: initialize, tools/list, tools/call', async () => {
    const client = new Client({ name: 'http-access-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(under.http.url, { requestInit: { headers: under.headers } });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'mcp_everything_echo'));
      const result = await client.callTool({ name: 'mcp_everything_echo', arguments: { message: 'with a token' } });
      assert.equal(firstText(result), 'Echo: with a token');
    } finally {
      await transport.terminateSession();
      await client.close();
    }
  });

  test('refuses the SDK client without the token', async () => {
    const client = new Client({ name: 'http-access-test', version: '1.0.0' });
    await assert.rejects(client.connect(new StreamableHTTPClientTransport(under.http.url)));
    await client.close().catch(() => undefined);
  });

  test('refuses a foreign Origin with 403 even with the right token', async () => {
    const refused = await initialize(under.http.url, { ...under.headers, origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.equal(
      errorMessage(refused.body),
      'Origin "https://evil.example" is not allowed: only loopback origins and those listed in the gateway config\'s http.allowed_origins may use it',
    );
  });

  test('lets in a listed origin, a loopback origin and a request without an Origin', async () => {
    for (const origin of ['https://app.example.com', 'http://localhost:5173', undefined]) {
      const opened = await initialize(under.http.url, { ...under.headers, ...(origin === undefined ? {} : { origin }) });
      assert.equal(opened.status, 200, String(origin));
      assert.equal(await endSession(under.http.url, under.headers, opened.sessionId!), 200);
    }
  });

  test('refuses a new session beyond http.max_sessions with 503, and accepts one once a session ends', async () => {
    assert.equal(under.http.sessionCount(), 1, 'the fixture client holds one session');
    const second = await initialize(under.http.url, under.headers);
    const third = await initialize(under.http.url, under.headers);
    assert.equal(second.status, 200);
    assert.equal(third.status, 200);
    const fourth = await initialize(under.http.url, under.headers);
    assert.equal(fourth.status, 503);
    assert.equal(
      errorMessage(fourth.body),
      'the gateway has 3 open MCP sessions, its http.max_sessions; close one (HTTP DELETE with its Mcp-Session-Id) or raise the limit',
    );
    assert.equal(await endSession(under.http.url, under.headers, second.sessionId!), 200);
    const again = await initialize(under.http.url, under.headers);
    assert.equal(again.status, 200);
    for (const sessionId of [third.sessionId!, again.sessionId!]) await endSession(under.http.url, under.headers, sessionId);
    // The fixture client still works: the cap refused sessions, it did not close any.
    assert.ok((await under.client.listTools()).tools.length > 0);
  });
});

describe('HTTP gateway access: idle sessions', () => {
  test('closes sessions after http.idle_session_ms from the config', async () => {
    const scratch = createScratchFolder();
    const { idleSessionMs } = resolveHttpConfig({ idle_session_ms: 300 }, (value) => value);
    const under = await startHttpGateway({ mcp_servers: {} }, scratch.path, {}, { idleSessionMs });
    try {
      const opened = await initialize(under.http.url, under.headers);
      assert.equal(opened.status, 200);
      const deadline = Date.now() + 15_000;
      // The fixture client keeps a notification stream open, so only the vanished session goes.
      while (under.http.sessionCount() > 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(under.http.sessionCount(), 1);
    } finally {
      await under.close();
      scratch.remove();
    }
  });
});

/** A `tool-search serve --http 0` child process: its exit code if it stopped, else its URL once serving. */
interface ServeProcess {
  readonly url: URL | undefined;
  readonly exitCode: number | null;
  readonly stderr: string;
  stop(): Promise<void>;
}

/** Starts `bin/tool-search.js serve --http 0` with `args` and `env`; resolves once it serves or exits. */
function startServe(args: readonly string[], env: Readonly<Record<string, string | undefined>>): Promise<ServeProcess> {
  const merged = Object.fromEntries(
    Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const child = spawn(process.execPath, [GATEWAY_BIN, 'serve', '--http', '0', ...args], {
    env: merged,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      // The address line, then the line saying who may connect.
      const found = /Streamable HTTP at (\S+).*\n.*sessions\n/.exec(stderr);
      if (found !== null) resolve({ url: new URL(found[1]!), exitCode: null, stderr, stop });
    });
    void exited.then((code) => resolve({ url: undefined, exitCode: code, stderr, stop }));
  });
}

describe('tool-search serve --http: who may connect', () => {
  let scratch: ScratchFolder;
  let config: string;
  const started: ServeProcess[] = [];
  /** Without the test runner's own token, if any. */
  const noToken = { TOOL_SEARCH_HTTP_TOKEN: undefined };

  before(() => {
    scratch = createScratchFolder();
    config = scratch.write('gateway.json', { mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER] } } });
  });
  after(async () => {
    for (const serve of started) await serve.stop();
    scratch?.remove();
  });

  test('exits 2 without a token, saying how to set one', async () => {
    const serve = await startServe(['--config', config], noToken);
    started.push(serve);
    assert.equal(serve.url, undefined);
    assert.equal(serve.exitCode, 2);
    assert.match(
      serve.stderr,
      /tool-search serve: --http needs a bearer token so that only your clients can use the gateway: set TOOL_SEARCH_HTTP_TOKEN .* or pass --allow-unauthenticated to serve 127\.0\.0\.1 without one\n/,
    );
  });

  test('serves with TOOL_SEARCH_HTTP_TOKEN, requiring it and never printing it', async () => {
    const token = 'a-token-from-the-environment-0123456789';
    const serve = await startServe(['--config', config], { TOOL_SEARCH_HTTP_TOKEN: token });
    started.push(serve);
    assert.ok(serve.url, serve.stderr);
    assert.equal((await initialize(serve.url, {})).status, 401);
    assert.equal((await initialize(serve.url, { authorization: `Bearer ${token}` })).status, 200);
    assert.match(serve.stderr, /clients must send 'Authorization: Bearer <token>' with the token from TOOL_SEARCH_HTTP_TOKEN/);
    await serve.stop();
    assert.ok(!serve.stderr.includes(token));
  });

  test('serves without a token with --allow-unauthenticated, and says so', async () => {
    const serve = await startServe(['--config', config, '--allow-unauthenticated'], noToken);
    started.push(serve);
    assert.ok(serve.url, serve.stderr);
    assert.equal((await initialize(serve.url, {})).status, 200);
    assert.match(serve.stderr, /WITHOUT authentication \(--allow-unauthenticated\)/);
  });

  test('exits 2 naming an unknown key under http, with the key it probably meant', async () => {
    const typo = scratch.write('typo.json', { mcp_servers: {}, http: { token: 'x1', allowed_origin: ['https://app.example.com'] } });
    const serve = await startServe(['--config', typo], noToken);
    started.push(serve);
    assert.equal(serve.exitCode, 2);
    assert.match(serve.stderr, /http\.allowed_origin: unknown key \(did you mean 'http\.allowed_origins'\?\)/);
  });

  test('takes http.token and http.idle_session_ms from the config', async () => {
    const file = scratch.write('idle.json', { mcp_servers: {}, http: { token: 'config-token-123', idle_session_ms: 200 } });
    const serve = await startServe(['--config', file], noToken);
    started.push(serve);
    assert.ok(serve.url, serve.stderr);
    const headers = { authorization: 'Bearer config-token-123' };
    const opened = await initialize(serve.url, headers);
    assert.equal(opened.status, 200);
    // Any request of the session would keep it alive, so wait well past the idle time, then ask once.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const response = await fetch(serve.url, {
      method: 'POST',
      headers: { ...ACCEPT, ...headers, 'mcp-session-id': opened.sessionId! },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
    });
    await response.text();
    assert.equal(response.status, 404);
  });
});
