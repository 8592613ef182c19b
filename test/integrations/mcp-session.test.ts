import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createToolSearchSession, type ToolSearchSession } from '../../src/index.ts';
import { createMcpToolSource, type McpToolSource } from '../../src/integrations/mcp-client/index.ts';
import { blockDeletes } from '../../examples/hooks.ts';
import { createLinkedMcpServer, type LinkedMcpServer } from './fixtures/linked-mcp-server.ts';
import { ALWAYS_ON } from './fixtures/sample-tools.ts';

describe('a session over two MCP servers: search, describe, call and every refusal', () => {
  let home: LinkedMcpServer;
  let work: LinkedMcpServer;
  let source: McpToolSource;
  let session: ToolSearchSession;

  before(async () => {
    home = await createLinkedMcpServer('home');
    work = await createLinkedMcpServer('work');
    source = await createMcpToolSource({ clients: { home: home.client, work: work.client } });
    session = createToolSearchSession({
      tools: source.tools,
      config: ALWAYS_ON,
      hooks: {
        guardrails: [blockDeletes],
        approve: (call) => (call.tool.toolset === 'mcp-work' ? { approved: false, reason: 'work is closed' } : true),
      },
    });
  });
  after(async () => {
    source.close();
    await home.close();
    await work.close();
  });

  test('finds, describes and calls a tool on the right server', async () => {
    const search = await session.call('tool_search', { query: 'add note' });
    assert.ok(search.ok);
    assert.deepEqual(
      (search.value as { matches: { name: string }[] }).matches
        .map((match) => match.name)
        .slice(0, 2)
        .sort(),
      ['mcp_home_add_note', 'mcp_work_add_note'],
    );
    const described = await session.call('tool_describe', { name: 'mcp_home_add_note' });
    assert.ok(described.ok && JSON.stringify(described.value).includes('"text"'));
    assert.deepEqual(await session.call('tool_call', { name: 'mcp_home_add_note', arguments: { text: 'tea' } }), {
      ok: true,
      value: 'added: tea',
    });
    assert.deepEqual(home.calls, [{ tool: 'add_note', arguments: { text: 'tea' } }]);
    assert.deepEqual(work.calls, []);
  });

  test('denies a delete before it reaches the server', async () => {
    const outcome = await session.call('tool_call', { name: 'mcp_home_delete_note', arguments: { id: 1 } });
    assert.equal(outcome.ok ? 'ok' : outcome.error.code, 'denied');
    assert.ok(!home.calls.some((call) => call.tool === 'delete_note'));
  });

  test('reports a declined approval and never calls the server', async () => {
    const outcome = await session.call('tool_call', { name: 'mcp_work_add_note', arguments: { text: 'x' } });
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        code: 'approval_declined',
        message: "The user did not approve the call to 'mcp_work_add_note': work is closed Do not retry it unasked.",
      },
    });
    assert.deepEqual(work.calls, []);
  });

  test('answers an unknown tool with suggestions', async () => {
    const outcome = await session.call('tool_call', { name: 'mcp_home_add_notes', arguments: {} });
    assert.ok(!outcome.ok && outcome.error.code === 'unknown_tool');
    assert.ok(!outcome.ok && outcome.error.suggestions?.includes('mcp_home_add_note'));
  });

  test('keeps a subagent on its own server', async () => {
    const child = session.child({ toolsets: ['mcp-home'] });
    const search = await child.call('tool_search', { query: 'add note' });
    assert.ok(search.ok && !JSON.stringify(search.value).includes('mcp_work_'));
    const outcome = await child.call('tool_call', { name: 'mcp_work_add_note', arguments: { text: 'x' } });
    assert.equal(outcome.ok ? 'ok' : outcome.error.code, 'unknown_tool');
    assert.throws(() => child.child({ toolsets: ['mcp-work'] }), { code: 'toolset_outside_parent' });
  });
});

describe('createMcpToolSource lifecycle', () => {
  test('keeps the previous tools and reports the error when a re-read fails', async () => {
    const notes = await createLinkedMcpServer();
    const source = await createMcpToolSource({ clients: { notes: notes.client } });
    const before = source.tools().map((tool) => tool.name);
    await notes.server.close();
    await assert.rejects(source.refresh(), { code: 'mcp_list_failed' });
    assert.deepEqual(
      source.tools().map((tool) => tool.name),
      before,
    );
    source.close();
    await notes.client.close();
  });

  test('stops following list_changed after close', { timeout: 20_000 }, async () => {
    const notes = await createLinkedMcpServer();
    let changes = 0;
    const source = await createMcpToolSource({ clients: { notes: notes.client }, onChange: () => (changes += 1) });
    source.close();
    // With the source's handler removed, the SDK hands the notification to the fallback handler instead.
    const unhandled = new Promise<string>(
      (resolve) => (notes.client.fallbackNotificationHandler = async (notification) => resolve(notification.method)),
    );
    notes.server.registerTool('late', { description: 'Added after close.' }, async () => ({ content: [] }));
    assert.equal(await unhandled, 'notifications/tools/list_changed');
    assert.equal(changes, 0);
    assert.ok(!source.tools().some((tool) => tool.name === 'mcp_notes_late'));
    await notes.close();
  });

  test('offers no tools for a server without the tools capability', async () => {
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
    const server = new McpServer({ name: 'prompts-only', version: '1.0.0' });
    server.registerPrompt('hello', { description: 'Say hello.' }, () => ({ messages: [] }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const source = await createMcpToolSource({ clients: { prompts: client } });
    assert.deepEqual(source.tools(), []);
    assert.deepEqual(source.toolsets(), ['mcp-prompts']);
    source.close();
    await client.close();
    await server.close();
  });
});
