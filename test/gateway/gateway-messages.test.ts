import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli/main.ts';
import { resolveGatewayConfig } from '../../src/gateway/index.ts';
import { MISSING_SESSION_MESSAGE } from '../../src/gateway/serve-http.ts';
import { stderrReason } from '../../src/gateway/stderr-reason.ts';
import { runCli } from '../support/run-cli.ts';
import { createScratchFolder, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { output: { stdout: (text: string) => void out.push(text), stderr: (text: string) => void err.push(text) }, out, err };
}

describe('the gateway config', () => {
  test('says which context length a bad model.context_length is replaced by', () => {
    const { config, warnings } = resolveGatewayConfig(
      { model: { context_length: 'lots' }, mcp_servers: {} },
      { configDir: '/tmp', tempDir: () => '/tmp/x', env: {} },
    );
    assert.equal(config.contextLength, 200_000);
    assert.ok(
      warnings.some(
        (warning) => warning.message === 'model.context_length: "lots" is not a positive whole number of tokens; using 200,000',
      ),
      JSON.stringify(warnings),
    );
  });
});

describe('why a server failed', () => {
  test('picks the error line out of what Node prints for a missing script, not its version banner', () => {
    const nodeReport = [
      'node:internal/modules/cjs/loader:1210',
      '  throw err;',
      '  ^',
      '',
      "Error: Cannot find module '/srv/missing.js'",
      '    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)',
      '    at node:internal/main/run_main_module:28:49 {',
      "  code: 'MODULE_NOT_FOUND',",
      '  requireStack: []',
      '}',
      '',
      'Node.js v20.20.2',
    ];
    assert.equal(stderrReason(nodeReport), "Error: Cannot find module '/srv/missing.js'");
  });

  test("picks Python's reason, which comes last, and a plain last line when nothing names an error", () => {
    assert.equal(
      stderrReason([
        'Traceback (most recent call last):',
        '  File "server.py", line 1, in <module>',
        "ModuleNotFoundError: No module named 'mcp'",
      ]),
      "ModuleNotFoundError: No module named 'mcp'",
    );
    assert.equal(stderrReason(['starting', 'listening on stdio', 'shutting down: no config']), 'shutting down: no config');
    assert.equal(stderrReason(['', '   ']), undefined);
  });

  test('inspect shows the real reason a server with a missing script failed', async () => {
    const scratch = createScratchFolder();
    try {
      const missing = `${scratch.path}/not-there.js`;
      const config = scratch.write('missing.json', { mcp_servers: { broken: { command: process.execPath, args: [missing] } } });
      const { output, out, err } = capture();
      assert.equal(await main(['inspect', '--config', config], output), 1);
      const reason = `(its stderr said: Error: Cannot find module '${missing}')`;
      assert.ok(err.join('').includes(`FAILED: exited during startup ${reason}`), err.join(''));
      assert.ok(out.join('').includes(`broken: exited during startup ${reason}`), out.join(''));
      assert.doesNotMatch(out.join('') + err.join(''), /Node\.js v\d/);
    } finally {
      scratch.remove();
    }
  });
});

describe('--toolsets, the same in every command', () => {
  let scratch: ScratchFolder;
  before(() => {
    scratch = createScratchFolder();
  });
  after(() => scratch?.remove());

  test('assemble and search take a server short name and warn alike about a name that matches nothing', async () => {
    const tools = scratch.write('tools.json', {
      'mcp-github': [{ name: 'create_issue', description: 'Create an issue', parameters: { type: 'object' } }],
      'mcp-memory': [{ name: 'read_graph', description: 'Read the knowledge graph', parameters: { type: 'object' } }],
    });
    const search = await runCli(['search', '--tools', tools, '--toolsets', 'github,memroy', '--json', 'issue']);
    assert.equal(search.code, 0, search.stderr);
    assert.equal(JSON.parse(search.stdout).total_available, 1);
    const warning =
      "warning: --toolsets: no toolset 'memroy' (did you mean 'memory'?) in the tools file; it has: mcp-github, mcp-memory " +
      "(an MCP server's toolset may be named mcp-<server> or <server>)\n";
    assert.equal(search.stderr, warning);
    const assemble = await runCli(['assemble', '--tools', tools, '--toolsets', 'github,memroy', '--json']);
    assert.equal(assemble.stderr, warning);
    assert.deepEqual(
      JSON.parse(assemble.stdout).tools.map((tool: { function: { name: string } }) => tool.function.name),
      ['create_issue'],
    );
  });

  test('inspect gives the same warning for a server the config does not have', async () => {
    const config = scratch.write('gateway.json', {
      mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
    });
    const { output, out, err } = capture();
    assert.equal(await main(['inspect', '--config', config, '--toolsets', 'memory,memroy', '--json'], output), 0);
    assert.equal(JSON.parse(out.join('')).client.toolsAfter, 9);
    assert.match(
      err.join(''),
      /warning: --toolsets: no toolset 'memroy' \(did you mean 'memory'\?\) in the config; it has: mcp-memory \(an MCP server's toolset may be named mcp-<server> or <server>\)\n/,
    );
  });
});

describe('the HTTP gateway without a session', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway({ mcp_servers: {} }, scratch.path);
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  const post = (body: string, headers: Record<string, string> = {}) =>
    fetch(under.http.url, {
      method: 'POST',
      headers: { ...under.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  test('says what to send when a request other than initialize comes without Mcp-Session-Id', async () => {
    const response = await post('{"jsonrpc":"2.0","id":1,"method":"tools/list"}');
    assert.equal(response.status, 400);
    const { error } = (await response.json()) as { error: { message: string } };
    assert.equal(error.message, MISSING_SESSION_MESSAGE);
    assert.match(error.message, /must be an initialize request/);
    assert.match(error.message, /Mcp-Session-Id header of its response/);
    assert.match(error.message, /Accept: application\/json, text\/event-stream/);
    assert.equal(under.http.sessionCount(), 1, 'only the test client has a session');
  });

  test('still starts a session with an initialize, whose body it has read', async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
      }),
    );
    assert.equal(response.status, 200);
    assert.ok(response.headers.get('mcp-session-id'));
    assert.match(await response.text(), /"serverInfo":\{"name":"tool-search-gateway"/);
  });

  test('refuses a body that is not JSON, and leaves other content types to the transport', async () => {
    const broken = await post('{"jsonrpc":');
    assert.equal(broken.status, 400);
    assert.match(((await broken.json()) as { error: { message: string } }).error.message, /not valid JSON/);
    const text = await post('hello', { 'content-type': 'text/plain' });
    assert.equal(text.status, 415);
    await text.body?.cancel();
  });
});
