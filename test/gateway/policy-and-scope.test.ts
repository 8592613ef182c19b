import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, MEMORY_SERVER, SCRIPTED_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

describe('denied tools with tool search off', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'off' } },
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
        policy: { deny: ['*Delete*'] },
      },
      scratch.path,
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('are left out of tools/list, and refused when called anyway', async () => {
    const names = (await under.client.listTools()).tools.map((tool) => tool.name);
    assert.deepEqual(
      names.filter((name) => name.includes('delete')),
      [],
    );
    assert.ok(names.includes('mcp_memory_create_entities'));
    const result = await under.client.callTool({ name: 'mcp_memory_delete_relations', arguments: { relations: [] } });
    assert.equal(result.isError, true);
    assert.match(firstText(result), /policy.deny pattern '\*Delete\*' refuses this tool/);
  });
});

describe('a model sending a million characters', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
      },
      scratch.path,
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('as a tool name gets a short unknown-tool answer, not the name back', async () => {
    for (const request of [
      { name: 'tool_call', arguments: { name: 'x'.repeat(1_000_000), arguments: {} } },
      { name: 'x'.repeat(1_000_000), arguments: {} },
    ]) {
      const text = firstText(await under.client.callTool(request));
      assert.match(text, /Unknown tool 'x{80}… \(1,000,000 characters\)'/);
      assert.ok(text.length < 500);
    }
  });

  test('as a query is searched by its first part, and the answer says so', async () => {
    const result = JSON.parse(
      firstText(
        await under.client.callTool({ name: 'tool_search', arguments: { query: `read the knowledge graph ${'y'.repeat(1_000_000)}` } }),
      ),
    );
    assert.ok(result.query.length <= 20_000);
    assert.equal(typeof result.notice, 'string');
    assert.equal(result.matches[0].name, 'mcp_memory_read_graph');
  });
});

describe('a session limited by --toolsets', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          secretive: { command: process.execPath, args: [SCRIPTED_SERVER, '--exit-at-start', 'database password rejected'] },
        },
      },
      scratch.path,
      { toolsets: ['memory'], backoff: { initialMs: 60_000, maxMs: 60_000 } },
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('learns nothing about a server outside its scope, not even that it is down', async () => {
    const result = await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_secretive_echo', arguments: {} } });
    const text = firstText(result);
    assert.match(text, /^\{"error":"Unknown tool 'mcp_secretive_echo'\./);
    assert.ok(!/not available|exited|password/.test(text));
  });
});

describe('policy patterns while a server is down', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          // Exits at once: it never lists its tools, so nobody knows what they are called.
          tracker: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
        },
        policy: { deny: ['mcp_tracker_delete_*', 'tracker/close_issue', 'archive_board', 'mcp_memory_delete_everythin'] },
      },
      scratch.path,
    );
    await under.gateway.ready();
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test("warn only about the patterns the connected servers' tools could answer", () => {
    assert.notEqual(under.gateway.statuses().find((status) => status.name === 'tracker')?.state, 'connected');
    // The tracker's patterns and the unqualified one may match its tools once it is up: no "matches none".
    assert.deepEqual(under.gateway.policyWarnings(), [
      "policy.deny: 'mcp_memory_delete_everythin' matches none of the 9 tools of the connected servers",
    ]);
  });
});
