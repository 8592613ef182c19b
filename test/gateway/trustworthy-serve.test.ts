import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  createScratchFolder,
  firstText,
  GATEWAY_BIN,
  MEMORY_SERVER,
  SCRIPTED_SERVER,
  waitFor,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

const SECRET = 'sk-test-0123456789abcdefghij';
const LEAKED_TOKEN = 'ghp_0123456789abcdefghijklmnopqrstuv';

// `tool-search serve` over stdio, as a client runs it, with the protections a careful user sets up and
// the mistakes an attacker or a typo brings: a deny written with the upstream's own name in another
// case, an approval by server/tool, a secret in a URL, a token on a server's stderr, an unset variable.
describe('serve keeps its promises under hostile and mistaken input', () => {
  let scratch: ScratchFolder;
  let client: Client;
  let activityPath: string;
  const stderr: string[] = [];
  const elicitations: string[] = [];

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const bridged = (name: string, args: Record<string, unknown> = {}) => call('tool_call', { name, arguments: args });

  before(async () => {
    scratch = createScratchFolder();
    activityPath = `${scratch.path}/activity.jsonl`;
    const config = scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: on } }',
        'mcp_servers:',
        `  memory: { command: node, args: ["${MEMORY_SERVER}"], env: { MEMORY_FILE_PATH: "\${tempDir}/memory.jsonl" } }`,
        `  broken: { command: node, args: ["${SCRIPTED_SERVER}", "--exit-at-start", "auth failed for ${LEAKED_TOKEN}"] }`,
        '  remote: { url: "http://127.0.0.1:9/mcp?key=${env:TRUST_TEST_SECRET}" }',
        `  unset: { command: node, args: ["${SCRIPTED_SERVER}"], env: { API_KEY: "\${env:TRUST_TEST_UNSET}" } }`,
        'pin: ["memory/read_graf"]',
        'policy: { deny: ["DELETE_ENTITIES"], require_approval: ["memory/create_*"] }',
        'activity_log: ./activity.jsonl',
        'timeouts: { connect_ms: 5000 }',
      ].join('\n'),
    );
    client = new Client({ name: 'trust-test', version: '1.0.0' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicitations.push(request.params.message);
      return { action: 'decline' };
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [GATEWAY_BIN, 'serve', '--config', config],
      env: { ...(process.env as Record<string, string>), TRUST_TEST_SECRET: SECRET },
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
    await client.connect(transport);
    await client.listTools();
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  test('a denied tool does not exist for the model: not searched, not counted, not described', async () => {
    const search = JSON.parse(firstText(await call('tool_search', { query: 'delete entities from the knowledge graph', limit: 20 })));
    const names: string[] = search.matches.map((match: { name: string }) => match.name);
    assert.ok(names.includes('mcp_memory_delete_observations'));
    assert.ok(!names.includes('mcp_memory_delete_entities'));
    assert.equal(search.total_available, 8, 'server-memory has 9 tools, one of them denied');
    const described = await call('tool_describe', { name: 'mcp_memory_delete_entities' });
    assert.equal(described.isError, true);
    assert.match(firstText(described), /refused by policy here: it cannot be described or called/);
    const { tools } = await client.listTools();
    assert.ok(!JSON.stringify(tools).includes('delete_entities'));
    const misspelt = firstText(await call('tool_describe', { name: 'mcp_memory_delete_entitie' }));
    assert.ok(!misspelt.includes('mcp_memory_delete_entities'), 'no suggestion names a denied tool');
  });

  test('calling a denied tool still gets the policy refusal, bridged or direct, in any letter case', async () => {
    for (const result of [
      await bridged('mcp_memory_delete_entities', { entityNames: ['x'] }),
      await call('mcp_memory_delete_entities', { entityNames: ['x'] }),
    ]) {
      assert.equal(result.isError, true);
      assert.match(firstText(result), /was denied: the gateway's policy.deny pattern 'DELETE_ENTITIES' refuses this tool/);
    }
  });

  test('an approval pattern written server/tool holds, and the prompt shows every argument key', async () => {
    const result = await bridged('mcp_memory_create_entities', {
      entities: [{ name: `Ada${' '.repeat(3_000)}`, entityType: 'person', observations: [] }],
      force_push_to: 'main',
    });
    assert.equal(result.isError, true);
    assert.match(firstText(result), /did not approve/);
    assert.equal(elicitations.length, 1);
    assert.match(elicitations[0]!, /\n- "entities"\[0\]\."name": .*characters left out.*\n- "force_push_to": "main"$/s);
  });

  test("an expanded secret in a server's URL never reaches the model: it sees the placeholder", async () => {
    const result = await bridged('mcp_remote_anything');
    assert.equal(result.isError, true);
    const text = firstText(result);
    assert.match(
      text,
      /MCP server 'remote' is not available: could not connect at http:\/\/127\.0\.0\.1:9\/mcp\?key=\$\{env:TRUST_TEST_SECRET\}/,
    );
    assert.ok(!text.includes(SECRET));
  });

  test("a server's stderr goes to the operator, not to the model", async () => {
    const result = await bridged('mcp_broken_anything');
    const text = firstText(result);
    // Between restarts it is 'exited during startup'; while one is under way, 'it is starting'.
    assert.match(text, /MCP server 'broken' is not available: (exited during startup|it is starting)/);
    assert.ok(!text.includes('auth failed'));
    await waitFor(() => stderr.some((line) => line.includes('auth failed for ghp_***')), 'the stderr line in the log');
    assert.ok(!stderr.join('\n').includes(LEAKED_TOKEN), 'the operator log masks the token too');
  });

  test('a server whose config names an unset variable is not started, and both the model and the operator are told which', async () => {
    const text = firstText(await bridged('mcp_unset_echo', { text: 'hi' }));
    assert.match(
      text,
      /MCP server 'unset' is not available: cannot start: its config refers to environment variable TRUST_TEST_UNSET, which is not set/,
    );
    assert.ok(
      stderr.some((line) =>
        /warning: mcp_servers\.unset: environment variable TRUST_TEST_UNSET is not set \(or empty\); this server will not be started/.test(
          line,
        ),
      ),
    );
  });

  test('a pattern that matches no tool is a warning at start, with a did-you-mean', async () => {
    await waitFor(() => stderr.some((line) => line.includes("warning: pin: 'memory/read_graf'")), 'the policy warning');
    assert.ok(
      stderr.some((line) => line.endsWith("warning: pin: 'memory/read_graf' matches none of the 9 tools of the connected servers")),
    );
  });

  test('the activity log is owner-only and has a line for every search, describe, call, unknown name and refusal', async () => {
    await call('tool_call', { name: 'mcp_memory_no_such_tool', arguments: {} });
    await call('tool_describe', { name: 'mcp_memory_read_graph' });
    assert.equal(statSync(activityPath).mode & 0o777, 0o600);
    const text = readFileSync(activityPath, 'utf8');
    assert.ok(!text.includes(SECRET) && !text.includes(LEAKED_TOKEN));
    // Tool lists sent to the client (`tools` lines) are not activity of the model.
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
      .filter((line) => line.event !== 'tools');
    const summary = lines.map((line) => [line.event, line.tool ?? line.query, line.outcome]);
    assert.deepEqual(summary, [
      ['search', 'delete entities from the knowledge graph', undefined],
      ['refused', 'mcp_memory_delete_entities', 'denied'],
      ['refused', 'mcp_memory_delete_entitie', 'unknown_tool'],
      ['call', 'mcp_memory_delete_entities', 'denied'],
      ['call', 'mcp_memory_delete_entities', 'denied'],
      ['call', 'mcp_memory_create_entities', 'declined'],
      ['refused', 'mcp_remote_anything', 'unavailable'],
      ['refused', 'mcp_broken_anything', 'unavailable'],
      ['refused', 'mcp_unset_echo', 'unavailable'],
      ['refused', 'mcp_memory_no_such_tool', 'unknown_tool'],
      ['describe', 'mcp_memory_read_graph', undefined],
    ]);
    assert.ok(lines[0].results.includes('mcp_memory_delete_observations'));
    assert.ok(lines.every((line) => typeof line.session === 'string' && !Number.isNaN(Date.parse(line.time))));
  });
});
