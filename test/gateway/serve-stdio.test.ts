import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import {
  createScratchFolder,
  EVERYTHING_SERVER,
  firstText,
  GATEWAY_BIN,
  MEMORY_SERVER,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

// The process boundary is the point: `tool-search serve` over stdio, as Claude Desktop runs it, in
// front of two reference servers from npm. One gateway start, many assertions.
describe('tool-search serve over stdio, in front of server-everything and server-memory', () => {
  let scratch: ScratchFolder;
  let client: Client;
  let activityPath: string;
  const elicitations: string[] = [];
  let nextAnswer: 'accept' | 'decline' = 'accept';
  const protocolErrors: Error[] = [];

  before(async () => {
    scratch = createScratchFolder();
    activityPath = `${scratch.path}/activity.jsonl`;
    const config = scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: on } }',
        'mcp_servers:',
        `  everything: { command: node, args: ["${EVERYTHING_SERVER}", "stdio"] }`,
        `  memory: { command: node, args: ["${MEMORY_SERVER}"], env: { MEMORY_FILE_PATH: "\${tempDir}/memory.jsonl" } }`,
        'pin: ["mcp_everything_get-sum"]',
        'policy: { deny: ["*delete*"], require_approval: ["mcp_memory_create_*"] }',
        'activity_log: ./activity.jsonl',
      ].join('\n'),
    );
    client = new Client({ name: 'gateway-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(request.params.message);
      return { action: nextAnswer };
    });
    client.onerror = (error) => protocolErrors.push(error);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [GATEWAY_BIN, 'serve', '--config', config], stderr: 'ignore' }),
    );
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  test('lists the pinned tool and the three bridge tools when tool search is on', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((tool) => tool.name),
      ['mcp_everything_get-sum', 'tool_search', 'tool_describe', 'tool_call'],
    );
    assert.match(tools[1]!.description ?? '', /from everything, memory/);
  });

  test('searches, describes and calls an upstream tool through the bridge', async () => {
    const search = JSON.parse(firstText(await client.callTool({ name: 'tool_search', arguments: { query: 'echo message back' } })));
    assert.equal(search.matches[0].name, 'mcp_everything_echo');
    const described = JSON.parse(firstText(await client.callTool({ name: 'tool_describe', arguments: { name: 'mcp_everything_echo' } })));
    assert.ok('message' in described.parameters.properties);
    const called = await client.callTool({ name: 'tool_call', arguments: { name: 'mcp_everything_echo', arguments: { message: 'hi' } } });
    assert.deepEqual(called.content, [{ type: 'text', text: 'Echo: hi' }]);
  });

  test('accepts the arguments of tool_call as a JSON string', async () => {
    const called = await client.callTool({
      name: 'tool_call',
      arguments: { name: 'mcp_everything_echo', arguments: '{"message":"json"}' },
    });
    assert.deepEqual(called.content, [{ type: 'text', text: 'Echo: json' }]);
  });

  test('calls a pinned tool directly and passes its result through untouched', async () => {
    const called = await client.callTool({ name: 'mcp_everything_get-sum', arguments: { a: 2, b: 3 } });
    assert.equal(called.isError, undefined);
    assert.match(firstText(called), /5/);
  });

  test('answers an unknown name with an isError result that suggests the close one', async () => {
    const direct = await client.callTool({ name: 'mcp_everything_ecko', arguments: {} });
    assert.equal(direct.isError, true);
    assert.match(firstText(direct), /Unknown tool 'mcp_everything_ecko'\. Did you mean mcp_everything_echo\?/);
    const bridged = await client.callTool({ name: 'tool_call', arguments: { name: 'mcp_everything_ecko', arguments: {} } });
    assert.equal(bridged.isError, true);
    assert.match(firstText(bridged), /Did you mean mcp_everything_echo/);
  });

  test('refuses a denied tool whether called directly or through tool_call', async () => {
    for (const call of [
      { name: 'tool_call', arguments: { name: 'mcp_memory_delete_entities', arguments: { entityNames: ['x'] } } },
      { name: 'mcp_memory_delete_entities', arguments: { entityNames: ['x'] } },
    ]) {
      const result = await client.callTool(call);
      assert.equal(result.isError, true);
      assert.match(firstText(result), /denied: the gateway's policy.deny pattern '\*delete\*' refuses this tool/);
    }
  });

  test('asks the user before a tool that needs approval, and runs it only when accepted', async () => {
    nextAnswer = 'decline';
    const declined = await client.callTool({
      name: 'tool_call',
      arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: [] }] } },
    });
    assert.equal(declined.isError, true);
    assert.match(firstText(declined), /The user did not approve the call to 'mcp_memory_create_entities': the user declined/);
    nextAnswer = 'accept';
    const accepted = await client.callTool({
      name: 'tool_call',
      arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: [] }] } },
    });
    assert.equal(accepted.isError, undefined);
    assert.match(firstText(accepted), /Ada/);
    assert.equal(elicitations.length, 2);
    assert.match(elicitations[0]!, /Allow the tool "mcp_memory_create_entities" to run/);
  });

  test('relays upstream progress notifications to the client', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool(
      { name: 'tool_call', arguments: { name: 'mcp_everything_trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 } } },
      undefined,
      { onprogress: (update) => progress.push(update) },
    );
    assert.match(firstText(result), /Long running operation completed/);
    // The SDK client handles a notification one microtask later than a response, so when the last
    // progress and the result arrive in one read, the client itself drops that progress (direct
    // connections too). The gateway sends them in order; the first ones always arrive.
    const received = progress.map((update) => [update.progress, update.total]);
    assert.ok(received.length >= 2, `got ${JSON.stringify(received)}`);
    assert.deepEqual(
      received,
      [
        [1, 3],
        [2, 3],
        [3, 3],
      ].slice(0, received.length),
    );
  });

  test('logs one JSON line per call with the underlying tool, never tool_call', () => {
    const all = readFileSync(activityPath, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const lines = all.filter((line) => line.event === 'call');
    assert.deepEqual(
      lines.map((line) => [line.tool, line.server, line.via_bridge, line.outcome]),
      [
        ['mcp_everything_echo', 'everything', true, 'ok'],
        ['mcp_everything_echo', 'everything', true, 'ok'],
        ['mcp_everything_get-sum', 'everything', false, 'ok'],
        ['mcp_memory_delete_entities', 'memory', true, 'denied'],
        ['mcp_memory_delete_entities', 'memory', false, 'denied'],
        ['mcp_memory_create_entities', 'memory', true, 'declined'],
        ['mcp_memory_create_entities', 'memory', true, 'ok'],
        ['mcp_everything_trigger-long-running-operation', 'everything', true, 'ok'],
      ],
    );
    assert.deepEqual(
      all.filter((line) => line.event !== 'call' && line.event !== 'tools').map((line) => [line.event, line.query ?? line.tool]),
      [
        ['search', 'echo message back'],
        ['describe', 'mcp_everything_echo'],
        ['refused', 'mcp_everything_ecko'],
        ['refused', 'mcp_everything_ecko'],
      ],
    );
    // The tool list sent to the client, for `tool-search activity`'s tokens saved.
    const listed = all.find((line) => line.event === 'tools');
    assert.ok(listed !== undefined && listed.active === true && listed.tokens_after < listed.tokens_before, JSON.stringify(listed));
    for (const line of all) {
      assert.match(line.session, /^stdio-[0-9a-f]{8}$/);
      assert.equal(line.session, all[0].session);
      if (line.event === 'call') assert.equal(typeof line.duration_ms, 'number');
      assert.ok(!Number.isNaN(Date.parse(line.time)));
    }
  });

  test('writes nothing but protocol to stdout', () => {
    const late = /^Received a progress notification for an unknown token/;
    assert.deepEqual(
      protocolErrors.filter((error) => !late.test(error.message)),
      [],
    );
  });
});
