import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ActivityEvent } from '../../src/dispatch/hooks.ts';
import { activityLogEntry } from '../../src/gateway/open-activity-log.ts';
import {
  createGateway,
  createTemporaryFolder,
  liveViewSignInLink,
  resolveGatewayConfig,
  serveHttp,
  type Gateway,
  type HttpGateway,
  type PlaceholderValues,
  type TemporaryFolder,
} from '../../src/gateway/index.ts';
import { createScratchFolder, EVERYTHING_SERVER, GATEWAY_BIN, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';

const ADA = 'ada-token-0123456789abcdef';
const BOB = 'bob-token-0123456789abcdef';
const SHARED = 'shared-token-0123456789ab';
const PLACES: PlaceholderValues = { configDir: '/home/ada/tools', tempDir: () => '/tmp/gateway-x', env: { ADA_TOKEN: ADA } };
const failure = (http: unknown): string => {
  try {
    resolveGatewayConfig({ http }, PLACES);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

// Issue 25 item 11: every client shared one token, so any client could use or end another's session.
describe('http.clients: named client tokens', () => {
  test('reads name -> token, with placeholders, beside the single http.token, and treats every token as a secret', () => {
    const { config } = resolveGatewayConfig({ http: { token: SHARED, clients: { ada: '${env:ADA_TOKEN}', bob: BOB } } }, PLACES);
    assert.equal(config.http.token, SHARED);
    assert.deepEqual(config.http.clients, [
      { name: 'ada', token: ADA },
      { name: 'bob', token: BOB },
    ]);
    assert.deepEqual(
      config.secrets.filter((secret) => [ADA, BOB, SHARED].includes(secret.value)),
      [
        { value: ADA, shownAs: '${env:ADA_TOKEN}' },
        { value: SHARED, shownAs: '<http.token>' },
        { value: BOB, shownAs: '<http.clients.bob>' },
      ],
    );
  });

  test('refuses a short token, a token two clients share, the single token again, a bad or repeated name, never quoting a token', () => {
    assert.equal(
      failure({ clients: { ada: 'short' } }),
      'http.clients.ada: is 5 characters long; a token needs at least 16 (make one with: openssl rand -hex 32)',
    );
    assert.equal(
      failure({ clients: { ada: ADA, bob: ADA } }),
      'http.clients.bob: has the same token as http.clients.ada; give each client a token of its own',
    );
    assert.equal(
      failure({ token: ADA, clients: { ada: ADA } }),
      'http.clients.ada: has the same token as http.token; give each client a token of its own',
    );
    assert.equal(
      failure({ clients: { Ada: ADA, ada: BOB } }),
      'http.clients.ada: the name is also used by http.clients.Ada (names are compared ignoring case); give each client its own',
    );
    assert.equal(
      failure({ clients: { 'ada lovelace': ADA } }),
      'http.clients."ada lovelace": a client name is 1 to 64 letters, digits, dots, dashes or underscores',
    );
    assert.equal(failure({ clients: { ada: 12 } }), 'http.clients.ada: expected a token string (e.g. "${env:ADA_TOKEN}"), got number');
    assert.equal(failure({ clients: ['ada'] }), 'http.clients: expected a mapping of client name to token, e.g. {ada: "${env:ADA_TOKEN}"}');
    assert.equal(
      failure({ clients: { ada: '${env:UNSET_TOKEN}' } }),
      'http.clients.ada: environment variable UNSET_TOKEN is not set (or empty); set it, or write the value without a placeholder',
    );
    for (const message of [failure({ clients: { ada: ADA, bob: ADA } }), failure({ token: ADA, clients: { ada: ADA } })])
      assert.ok(!message.includes(ADA));
  });
});

describe('serve --http with named clients', () => {
  let scratch: ScratchFolder;
  let temporary: TemporaryFolder;
  let gateway: Gateway;
  let http: HttpGateway;
  let ada: Client;
  let bob: Client;
  let adaSession: string;
  const events: ActivityEvent[] = [];
  const open: Client[] = [];

  const connect = async (name: string, token: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(http.url, { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    open.push(client);
    return { client, transport };
  };
  /** One raw request on a session, as another client would send it. */
  const send = async (method: 'POST' | 'GET' | 'DELETE', token: string, sessionId: string) => {
    const response = await fetch(http.url, {
      method,
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'mcp-session-id': sessionId,
      },
      ...(method === 'POST' ? { body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }) } : {}),
    });
    return { status: response.status, body: await response.text() };
  };

  before(async () => {
    scratch = createScratchFolder();
    temporary = createTemporaryFolder();
    const document = {
      tools: { tool_search: 'off' },
      mcp_servers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
      activity_log: './activity.jsonl',
      http: { token: SHARED, clients: { ada: ADA, bob: BOB } },
    };
    const { config } = resolveGatewayConfig(document, { configDir: scratch.path, tempDir: temporary.path, env: {} });
    gateway = createGateway({ config });
    gateway.onActivity((event) => events.push(event));
    gateway.start();
    http = await serveHttp(gateway, 0, { token: config.http.token, clients: config.http.clients, liveView: {} });
    const adaConnection = await connect('ada-client', ADA);
    ada = adaConnection.client;
    adaSession = adaConnection.transport.sessionId!;
    bob = (await connect('bob-client', BOB)).client;
  });
  after(async () => {
    for (const client of open) await client.close().catch(() => undefined);
    await http?.close();
    await gateway?.close();
    temporary?.remove();
    scratch?.remove();
  });

  test('lets each client in with its own token, and the single token still works', async () => {
    assert.ok((await ada.listTools()).tools.length > 0);
    assert.ok((await bob.listTools()).tools.length > 0);
    const shared = (await connect('shared-client', SHARED)).client;
    assert.ok((await shared.listTools()).tools.length > 0);
  });

  test("answers another client's requests on a session, DELETE included, exactly as for an unknown session", async () => {
    const unknown = await send('POST', BOB, '00000000-0000-4000-8000-000000000000');
    assert.equal(unknown.status, 404);
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      for (const token of [BOB, SHARED]) {
        const answer = await send(method, token, adaSession);
        assert.deepEqual(answer, unknown, `${method} with another client's token`);
      }
    }
    // The session is still ada's, and still open.
    assert.notEqual((await ada.callTool({ name: 'mcp_everything_echo', arguments: { message: 'still mine' } })).isError, true);
    assert.equal((await send('POST', ADA, adaSession)).status, 200);
  });

  test("names the client in the activity log's entries and in the activity events the live view renders", async () => {
    await ada.callTool({ name: 'mcp_everything_echo', arguments: { message: 'from ada' } });
    await bob.callTool({ name: 'mcp_everything_echo', arguments: { message: 'from bob' } });
    const calls = events.filter((event) => event.type === 'call_finished').map((event) => activityLogEntry(event)!);
    assert.deepEqual(
      calls
        .filter((entry) => 'tool' in entry && entry.tool === 'mcp_everything_echo')
        .slice(-2)
        .map((entry) => entry.client),
      ['ada', 'bob'],
    );
    const lines = readFileSync(`${scratch.path}/activity.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const echoes = lines.filter((line) => line['event'] === 'call' && line['tool'] === 'mcp_everything_echo');
    assert.deepEqual(
      echoes.slice(-2).map((line) => [line['client'], line['session']]),
      [
        ['ada', adaSession],
        ['bob', echoes.at(-1)!['session']],
      ],
    );
    assert.ok(
      lines.some((line) => line['event'] === 'tools' && line['client'] === 'bob'),
      'the tool lists sent name the client too',
    );
    // The single token's sessions name no client.
    assert.ok(lines.filter((line) => line['event'] === 'tools' && line['client'] === undefined).length >= 1);
  });

  test("names the client in the live view's history, which a browser signs in to with a one-time code, not a client's token", async () => {
    await ada.callTool({ name: 'mcp_everything_echo', arguments: { message: 'ada for the page' } });
    const withToken = await fetch(new URL('/api/history', http.liveViewUrl!), { headers: { authorization: `Bearer ${ADA}` } });
    assert.equal(withToken.status, 401, "a client's token does not open the page: it shows every client's activity");
    const signIn = await fetch(liveViewSignInLink(http.liveViewUrl!, http.liveView!.signInCode()), { redirect: 'manual' });
    assert.equal(signIn.status, 303);
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
    const history = (await (await fetch(new URL('/api/history', http.liveViewUrl!), { headers: { cookie } })).json()) as {
      entries: Array<Record<string, unknown>>;
    };
    const echoes = history.entries.filter((entry) => entry['event'] === 'call' && entry['tool'] === 'mcp_everything_echo');
    assert.deepEqual(
      echoes.slice(-3).map((entry) => entry['client']),
      ['ada', 'bob', 'ada'],
    );
  });
});

describe('tool-search serve --http with http.clients only', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('serves without TOOL_SEARCH_HTTP_TOKEN, naming the clients but no token, and the live view signs browsers in with a one-time code', async () => {
    const config = scratch.write('clients.json', {
      mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER] } },
      http: { clients: { ada: ADA, bob: BOB } },
    });
    const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'TOOL_SEARCH_HTTP_TOKEN')) as Record<
      string,
      string
    >;
    const child = spawn(process.execPath, [GATEWAY_BIN, 'serve', '--config', config, '--http', '0'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    try {
      const url = await new Promise<URL>((resolve, reject) => {
        child.stderr.on('data', (chunk: string) => {
          stderr += chunk;
          const found = /Streamable HTTP at (\S+).*\n.*sessions\n/.exec(stderr);
          if (found !== null) resolve(new URL(found[1]!));
        });
        child.once('exit', () => reject(new Error(`serve exited: ${stderr}`)));
      });
      assert.match(
        stderr,
        /clients must send 'Authorization: Bearer <token>' with their own token from http\.clients \(ada, bob\); at most 100 sessions\n/,
      );
      const invitation = /live view: (http:\/\/127\.0\.0\.1:\d+\/) \(one-time code [0-9A-Z-]+, or open (\S+);/.exec(stderr);
      assert.ok(invitation !== null, stderr);
      assert.ok(!stderr.includes(ADA) && !stderr.includes(BOB));
      const signIn = await fetch(invitation[2]!, { redirect: 'manual' });
      assert.equal(signIn.status, 303, 'the printed code signs a browser in');
      const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
      assert.equal((await fetch(new URL('/api/state', invitation[1]!), { headers: { cookie } })).status, 200);
      const client = new Client({ name: 'ada-cli', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${ADA}` } } }));
      assert.ok((await client.listTools()).tools.length > 0);
      await client.close();
    } finally {
      child.kill('SIGTERM');
    }
  });

  test("stops when TOOL_SEARCH_HTTP_TOKEN is one of the clients' tokens", async () => {
    const config = scratch.write('twin.json', { mcp_servers: {}, http: { clients: { ada: ADA } } });
    const child = spawn(process.execPath, [GATEWAY_BIN, 'serve', '--config', config, '--http', '0'], {
      env: { ...process.env, TOOL_SEARCH_HTTP_TOKEN: ADA },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(
      stderr,
      /tool-search serve: TOOL_SEARCH_HTTP_TOKEN is also the token of http\.clients\.ada; give each a token of its own\n$/,
    );
    assert.ok(!stderr.includes(ADA));
  });
});
