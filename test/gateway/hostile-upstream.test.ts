import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';
import {
  createScratchFolder,
  firstText,
  GATEWAY_BIN,
  projectPath,
  SCRIPTED_SERVER,
  waitFor,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

const HOSTILE_SERVER = projectPath('test/gateway/fixtures/hostile-server.mjs');
/** 33 characters, as in the attack that leaked 15 of them. */
const SECRET = 'hs-live-7Qx2Lm9Vb4Nc8Rt1Zw6Yp3Kd5';
/** A safety bound for one test: every attack here stalled a client for 20 to 50 s before the fixes. */
const BOUND = { timeout: 15_000 };

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** The message of a refusal (the gateway's refusals are JSON `{error, code}`), or the text as it is. */
function errorText(result: ToolResult): string {
  const text = firstText(result);
  try {
    return (JSON.parse(text) as { error?: string }).error ?? text;
  } catch {
    return text;
  }
}

/** Every run of 8 characters of `secret`: none may appear in what a client receives. */
function secretPieces(secret: string): string[] {
  return Array.from({ length: secret.length - 7 }, (_, index) => secret.slice(index, index + 8));
}

// `tool-search serve` over stdio, as a client runs it, in front of a server that attacks it with what an
// upstream controls (test/gateway/fixtures/hostile-server.mjs) and an ordinary one beside it, whose
// calls stand for every other client's.
describe('serve bounds what a hostile upstream server can make it do', () => {
  let scratch: ScratchFolder;
  let client: Client;
  const stderr: string[] = [];

  const connect = async (name: string): Promise<Client> => {
    const connected = new Client({ name, version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, 'serve', '--config', `${scratch.path}/gateway.yaml`],
      env: { ...(process.env as Record<string, string>), HOSTILE_TEST_SECRET: SECRET, HOSTILE_TEST_FORMAT: 'structuredContent' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) =>
      stderr.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      ),
    );
    await connected.connect(transport);
    return connected;
  };
  const call = (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> =>
    client.callTool({ name: `mcp_hostile_${name}`, arguments: args });
  /** Runs `attack` while an ordinary call goes through the same gateway: both must finish. */
  const besideAnOrdinaryCall = async (attack: Promise<ToolResult>): Promise<ToolResult> => {
    const [attacked, ordinary] = await Promise.all([
      attack,
      client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'still here' } }),
    ]);
    assert.equal(firstText(ordinary), 'scripted: still here');
    return attacked;
  };

  before(async () => {
    scratch = createScratchFolder();
    scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: off } }',
        'mcp_servers:',
        `  hostile: { command: node, args: ["${HOSTILE_SERVER}"], env: { HOSTILE_SECRET: "\${env:HOSTILE_TEST_SECRET}" } }`,
        // Ordinary settings that are not credentials: the redactor once rewrote them in every message.
        `  scripted: { command: node, args: ["${SCRIPTED_SERVER}"], env: { NODE_ENV: production, LOG_FORMAT: "\${env:HOSTILE_TEST_FORMAT}" } }`,
        // Long enough that a wait on a re-list which never answers would outlast every test's bound.
        'timeouts: { connect_ms: 60000 }',
      ].join('\n'),
    );
    client = await connect('hostile-test');
    await client.listTools();
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  describe('argument checks run in bounded time', () => {
    test('a pattern that backtracks is checked in linear time, and still checked', BOUND, async () => {
      const attacked = await besideAnOrdinaryCall(call('regex_trap', { value: `${'a'.repeat(30)}!` }));
      assert.equal(attacked.isError, true);
      assert.match(errorText(attacked), /\/value: must match pattern "\^\(a\+\)\+\$"/);
      assert.equal(firstText(await call('regex_trap', { value: 'aaaa' })), 'regex_trap ran with {"value":"aaaa"}');
    });

    test('patternProperties with a backtracking pattern is checked in linear time', BOUND, async () => {
      const attacked = await besideAnOrdinaryCall(call('key_trap', { [`${'a'.repeat(27)}!`]: 'x' }));
      assert.equal(attacked.isError, true);
      assert.match(errorText(attacked), /unknown property 'a{27}!' \(not allowed here\)/);
    });

    test('a pattern no linear-time engine can run is skipped with a warning, the rest of the schema still checked', BOUND, async () => {
      const skipped = await call('backreference', { value: 'ab' });
      assert.equal(skipped.isError, undefined, 'the pattern is not checked, so the call runs');
      await waitFor(
        () => stderr.some((line) => line.includes("tool 'mcp_hostile_backreference' is not checked: it cannot run in linear time")),
        'the warning about the pattern',
      );
      const checked = await call('backreference', { value: 'aa', count: 'many' });
      assert.equal(checked.isError, true);
      assert.match(errorText(checked), /\/count: must be integer/);
    });

    test('uniqueItems over 20,000 objects costs a linear check', BOUND, async () => {
      const items = Array.from({ length: 20_000 }, (_, index) => ({ id: index, tags: ['a', 'b'] }));
      const distinct = await besideAnOrdinaryCall(call('unique_trap', { items }));
      assert.equal(distinct.isError, undefined);
      const repeated = await call('unique_trap', { items: [...items, { tags: ['a', 'b'], id: 7 }] });
      assert.equal(repeated.isError, true);
      assert.match(errorText(repeated), /\/items: must NOT have duplicate items \(items ## 20000 and 7 are identical\)/);
    });

    test('a call with 150,000 wrong values is refused with a bounded list of problems', BOUND, async () => {
      const attacked = await besideAnOrdinaryCall(call('many_errors', { items: Array.from({ length: 150_000 }, () => 'x') }));
      assert.equal(attacked.isError, true);
      const message = errorText(attacked);
      assert.match(message, /\/items\/0: must be integer/);
      assert.ok(message.length < 5_000, `the refusal is short (${message.length} characters)`);
    });
  });

  describe('one budget covers everything a result sends back', () => {
    /** The limit for a result of the default 25,000 estimated tokens, plus room for the notes. */
    const BUDGET_CHARACTERS = 25_000 * 4 + 2_000;

    // Reading 7.8 MB through the SDK on both sides is real work; on a loaded machine it takes longer than BOUND.
    test('300,000 empty content blocks do not pass the budget', { timeout: 60_000 }, async () => {
      const result = await besideAnOrdinaryCall(call('empty_blocks'));
      assert.ok(JSON.stringify(result).length <= BUDGET_CHARACTERS, `${JSON.stringify(result).length} characters`);
      assert.match(JSON.stringify(result.content), /left out 2\d\d,\d\d\d content blocks/);
    });

    test('a 4 MB _meta is left out', BOUND, async () => {
      const result = await call('big_meta');
      assert.ok(JSON.stringify(result).length <= BUDGET_CHARACTERS, `${JSON.stringify(result).length} characters`);
      assert.equal(firstText(result), 'ok');
      assert.match(JSON.stringify(result.content), /left out the result's _meta/);
    });

    test('structuredContent beside text shares the one budget', BOUND, async () => {
      const result = await call('structured_twice');
      assert.ok(JSON.stringify(result).length <= BUDGET_CHARACTERS, `${JSON.stringify(result).length} characters`);
      assert.equal(firstText(result).length, 90_000, 'the text, which the model reads, is kept whole');
      assert.equal(result.structuredContent, undefined);
    });
  });

  test('an upstream error holding a secret reaches the client with no piece of the secret', BOUND, async () => {
    const result = await call('secret_error');
    assert.equal(result.isError, true);
    const received = JSON.stringify(result);
    assert.match(received, /refused 'secret_error'/);
    for (const piece of secretPieces(SECRET)) assert.ok(!received.includes(piece), `'${piece}' reached the client`);
    for (const line of stderr)
      for (const piece of secretPieces(SECRET)) assert.ok(!line.includes(piece), `'${piece}' reached the log: ${line}`);
  });

  test('settings that are not credentials are never redacted, in text or in the protocol', BOUND, async () => {
    const result = await client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'production structuredContent' } });
    assert.equal(firstText(result), 'scripted: production structuredContent');
    assert.ok(!JSON.stringify(result).includes('<mcp_servers'), 'no placeholder in the result');
  });

  test('a re-list that never answers does not stall tools/list: clients get the last known list', BOUND, async () => {
    assert.match(firstText(await call('hang_next_list')), /will not be answered/);
    // The list_changed above started a re-list that never ends; both clients are answered at once.
    for (let attempt = 0; attempt < 3; attempt++) {
      const { tools } = await client.listTools();
      assert.ok(tools.some((tool) => tool.name === 'mcp_hostile_regex_trap'));
      assert.ok(tools.some((tool) => tool.name === 'mcp_scripted_echo'));
    }
  });
});

// Over HTTP every client shares one gateway process: what one client's upstream does must not hold up
// the others.
describe("serve --http: one client's hostile upstream does not hold up other clients", () => {
  let scratch: ScratchFolder;
  let gateway: HttpGatewayUnderTest;
  let other: Client;

  before(async () => {
    scratch = createScratchFolder();
    gateway = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'off' } },
        mcp_servers: { hostile: { command: 'node', args: [HOSTILE_SERVER] }, scripted: { command: 'node', args: [SCRIPTED_SERVER] } },
        timeouts: { connect_ms: 60_000 },
      },
      scratch.path,
    );
    other = new Client({ name: 'other-client', version: '1.0.0' });
    await other.connect(new StreamableHTTPClientTransport(gateway.http.url, { requestInit: { headers: gateway.headers } }));
    await gateway.client.listTools();
  });
  after(async () => {
    await other?.close();
    await gateway?.close();
    scratch?.remove();
  });

  test("a backtracking pattern in one call leaves another client's calls and lists answered", BOUND, async () => {
    const [attacked, listed, echoed] = await Promise.all([
      gateway.client.callTool({ name: 'mcp_hostile_regex_trap', arguments: { value: `${'a'.repeat(32)}!` } }),
      other.listTools(),
      other.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'other' } }),
    ]);
    assert.equal(attacked.isError, true);
    assert.ok(listed.tools.length > 0);
    assert.equal(firstText(echoed), 'scripted: other');
  });

  test("a re-list that never answers leaves every client's tools/list answered from the last known list", BOUND, async () => {
    await gateway.client.callTool({ name: 'mcp_hostile_hang_next_list', arguments: {} });
    for (const asking of [other, gateway.client, other]) {
      const { tools } = await asking.listTools();
      assert.ok(tools.some((tool) => tool.name === 'mcp_hostile_regex_trap'));
    }
  });

  // The benchmark's worst single request (bench/gateway/measure-worst-requests.ts) at test size: every
  // argument check at once, then an answer oversized every way and a re-list that never answers.
  test('the worst request, refused or run, is bounded and leaves another client answered', { timeout: 60_000 }, async () => {
    const wrong = {
      value: `${'a'.repeat(5_000)}!`,
      keys: Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`${'a'.repeat(27 + index)}!`, 'x'])),
      items: [...Array.from({ length: 5_000 }, (_, index) => ({ id: index })), { id: 7 }],
      numbers: Array.from({ length: 20_000 }, () => 'x'),
    };
    const [refused, listed, echoed] = await Promise.all([
      gateway.client.callTool({ name: 'mcp_hostile_worst_case', arguments: wrong }),
      other.listTools(),
      other.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'other' } }),
    ]);
    assert.equal(refused.isError, true);
    assert.match(errorText(refused), /\/value: must match pattern/);
    assert.ok(JSON.stringify(refused).length < 10_000, `the refusal is short (${JSON.stringify(refused).length} characters)`);
    assert.ok(listed.tools.some((tool) => tool.name === 'mcp_hostile_worst_case'));
    assert.equal(firstText(echoed), 'scripted: other');

    const right = { value: 'a'.repeat(5_000), keys: { aaa: 'x' }, items: [{ id: 1 }, { id: 2 }], numbers: [1, 2, 3] };
    const ran = await gateway.client.callTool({ name: 'mcp_hostile_worst_case', arguments: right });
    assert.ok(JSON.stringify(ran).length <= 25_000 * 4 + 2_000, `${JSON.stringify(ran).length} characters`);
    assert.equal(ran.structuredContent, undefined);
    assert.equal(ran._meta, undefined);
    // Its list_changed started a re-list that never answers: lists come from the last known one.
    const [afterList, afterEcho] = await Promise.all([
      other.listTools(),
      other.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'after' } }),
    ]);
    assert.ok(afterList.tools.some((tool) => tool.name === 'mcp_hostile_regex_trap'));
    assert.equal(firstText(afterEcho), 'scripted: after');
  });
});

// A client's message too deep or too packed to walk is refused before it is parsed, over both transports.
describe('serve refuses a message nested or packed beyond its bounds, unread', () => {
  const deep = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const packed = (members: number): string => `{${Array.from({ length: members }, (_, index) => `"k${index}":0`).join(',')}}`;
  const callText = (id: number, args: string): string =>
    `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{"name":"mcp_scripted_echo","arguments":{"text":"x","extra":${args}}}}`;

  test('over stdio: the request gets a JSON-RPC error with its own id, and the session goes on', BOUND, async () => {
    const scratch = createScratchFolder();
    const config = scratch.write('gateway.yaml', `mcp_servers:\n  scripted: { command: node, args: ["${SCRIPTED_SERVER}"] }\n`);
    const child = spawn(process.execPath, [GATEWAY_BIN, 'serve', '--config', config], { stdio: ['pipe', 'pipe', 'ignore'] });
    const answers = new Map<number, { error?: { message: string }; result?: unknown }>();
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      for (let newline = buffered.indexOf('\n'); newline !== -1; newline = buffered.indexOf('\n')) {
        const message = JSON.parse(buffered.slice(0, newline)) as { id?: number; error?: { message: string }; result?: unknown };
        buffered = buffered.slice(newline + 1);
        if (typeof message.id === 'number') answers.set(message.id, message);
      }
    });
    try {
      child.stdin.write(
        `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
      );
      await waitFor(() => answers.has(1), 'the initialize answer');
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
      child.stdin.write(`${callText(2, deep(1_000_000))}\n`);
      child.stdin.write(`${callText(3, packed(300_000))}\n`);
      child.stdin.write(`${callText(4, '[1,2,3]')}\n`);
      await waitFor(() => answers.has(2) && answers.has(3) && answers.has(4), 'the three answers');
      assert.match(answers.get(2)!.error!.message, /nests arrays and objects more than 128 levels deep; it was refused unread/);
      assert.match(answers.get(3)!.error!.message, /holds more than 200,000 values; it was refused unread/);
      assert.equal(answers.get(4)!.error, undefined);
      assert.match(JSON.stringify(answers.get(4)!.result), /scripted: x/);
    } finally {
      child.kill();
      scratch.remove();
    }
  });

  test("over HTTP: a session's request is refused with 400 and its own id", BOUND, async () => {
    const scratch = createScratchFolder();
    const gateway = await startHttpGateway({ mcp_servers: { scripted: { command: 'node', args: [SCRIPTED_SERVER] } } }, scratch.path);
    try {
      const sessionId = (gateway.client.transport as StreamableHTTPClientTransport).sessionId!;
      const response = await fetch(gateway.http.url, {
        method: 'POST',
        headers: {
          ...gateway.headers,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-session-id': sessionId,
        },
        body: callText(9, deep(1_000_000)),
      });
      assert.equal(response.status, 400);
      const answer = (await response.json()) as { id?: number; error: { message: string } };
      assert.equal(answer.id, 9);
      assert.match(answer.error.message, /more than 128 levels deep/);
      const echoed = await gateway.client.callTool({ name: 'mcp_scripted_echo', arguments: { text: 'after' } });
      assert.equal(firstText(echoed), 'scripted: after');
    } finally {
      await gateway.close();
      scratch.remove();
    }
  });
});
