import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createScratchFolder, EVERYTHING_SERVER, GATEWAY_BIN, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const ACCEPT = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http-tokens-test', version: '1' } },
});

/** Runs `serve --http 0` to its end (it is expected to stop at start) with the environment's token replaced. */
function serveHttpOnce(args: readonly string[], token: string | undefined): { status: number | null; stderr: string } {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'TOOL_SEARCH_HTTP_TOKEN')) as Record<
    string,
    string
  >;
  if (token !== undefined) env['TOOL_SEARCH_HTTP_TOKEN'] = token;
  const run = spawnSync(process.execPath, [GATEWAY_BIN, 'serve', '--http', '0', ...args], { env, encoding: 'utf8', input: '' });
  return { status: run.status, stderr: run.stderr };
}

// Issue 25 item 10: a 1-character token was accepted, and wrong tokens could be tried without end.
describe('HTTP bearer tokens', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('serve refuses a token shorter than 16 characters from the config, without printing it', () => {
    const config = scratch.write('short.yaml', ['mcp_servers: {}', 'http: { token: "x" }'].join('\n'));
    const run = serveHttpOnce(['--config', config], undefined);
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr,
      `tool-search serve: config file '${config}': http.token: is 1 character long; a token needs at least 16 (make one with: openssl rand -hex 32)\n`,
    );
  });

  test('serve refuses a short TOOL_SEARCH_HTTP_TOKEN, without printing it', () => {
    const config = scratch.write('none.yaml', 'mcp_servers: {}');
    const run = serveHttpOnce(['--config', config], 'fifteen-chars-x');
    assert.equal(run.status, 2);
    assert.equal(
      run.stderr.split('\n').at(-2) + '\n',
      'tool-search serve: TOOL_SEARCH_HTTP_TOKEN is 15 characters long; a token needs at least 16 (make one with: openssl rand -hex 32); set it to the token clients must send, or unset it\n',
    );
  });
});

describe('failed token attempts over HTTP', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  before(async () => {
    scratch = createScratchFolder();
    const document = {
      tools: { tool_search: 'off' },
      mcp_servers: { everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] } },
    };
    under = await startHttpGateway(document, scratch.path);
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('after 20 in a minute are answered 429 with Retry-After, while the right token keeps working', async () => {
    const attempt = async (headers: Record<string, string>) => {
      const response = await fetch(under.http.url, { method: 'POST', headers: { ...ACCEPT, ...headers }, body: INITIALIZE });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    };
    for (let index = 0; index < 20; index++)
      assert.equal((await attempt({ authorization: `Bearer wrong-token-number-${index}` })).status, 401, `attempt ${index + 1}`);
    const throttled = await attempt({ authorization: 'Bearer wrong-token-number-20' });
    assert.equal(throttled.status, 429);
    const seconds = Number(throttled.retryAfter);
    assert.ok(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60, `Retry-After: ${throttled.retryAfter}`);
    assert.equal(
      (JSON.parse(throttled.body) as { error: { message: string } }).error.message,
      `Too many requests with a wrong or missing bearer token (over 20 in the last minute); try again in ${seconds} s with the right token`,
    );
    assert.equal((await attempt({})).status, 429, 'a request without a token counts too');

    // The client connected before goes on, and a new one with the right token gets in.
    assert.ok((await under.client.listTools()).tools.length > 0);
    const late = new Client({ name: 'right-token', version: '1.0.0' });
    await late.connect(new StreamableHTTPClientTransport(under.http.url, { requestInit: { headers: under.headers } }));
    assert.notEqual((await late.callTool({ name: 'mcp_everything_echo', arguments: { message: 'still in' } })).isError, true);
    await late.close();
    assert.ok(
      under.logs.some(
        (line) =>
          line ===
          'warning: 21 requests with a wrong or missing bearer token in the last minute: answering such requests 429 until they slow down (the right token keeps working)',
      ),
    );
  });
});
