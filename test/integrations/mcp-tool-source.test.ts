import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createToolSearchSession, ToolSearchError } from '../../src/index.ts';
import { createMcpToolSource, type McpToolSource, type McpToolSourceChange } from '../../src/integrations/mcp-client/index.ts';
import { createLinkedMcpServer, type LinkedMcpServer } from './fixtures/linked-mcp-server.ts';

describe('createMcpToolSource over a linked MCP server', () => {
  let notes: LinkedMcpServer;
  let source: McpToolSource;
  const changes: McpToolSourceChange[] = [];

  before(async () => {
    notes = await createLinkedMcpServer();
    source = await createMcpToolSource({ clients: { notes: notes.client }, onChange: (change) => changes.push(change) });
  });
  after(async () => {
    source.close();
    await notes.close();
  });

  test('names each tool mcp_<server>_<tool> in toolset mcp-<server>, kind mcp', () => {
    assert.deepEqual(
      source.tools().map((tool) => [tool.name, tool.toolset, tool.kind, tool.originalName]),
      [
        ['mcp_notes_add_note', 'mcp-notes', 'mcp', 'add_note'],
        ['mcp_notes_delete_note', 'mcp-notes', 'mcp', 'delete_note'],
        ['mcp_notes_broken', 'mcp-notes', 'mcp', 'broken'],
        ['mcp_notes_wait_for_cancel', 'mcp-notes', 'mcp', 'wait_for_cancel'],
      ],
    );
    assert.deepEqual(source.toolsets(), ['mcp-notes']);
    const addNote = source.tools()[0]!;
    assert.equal(addNote.description, 'Add a note with the given text to the notebook.');
    assert.deepEqual((addNote.parameters as { properties: unknown }).properties, { text: { type: 'string' } });
  });

  test('forwards a bridged call to the server under its own name and returns its text', async () => {
    const session = createToolSearchSession({
      tools: source.tools,
      config: { enabled: 'on', thresholdPct: 10, searchDefaultLimit: 5, maxSearchLimit: 20 },
    });
    const outcome = await session.call('tool_call', { name: 'mcp_notes_add_note', arguments: { text: 'milk' } });
    assert.deepEqual(outcome, { ok: true, value: 'added: milk' });
    assert.deepEqual(notes.calls.at(-1), { tool: 'add_note', arguments: { text: 'milk' } });
  });

  test('reports a result the server marked isError as a failed call the model can read', async () => {
    const session = createToolSearchSession({ tools: source.tools });
    const outcome = await session.call('mcp_notes_broken', {});
    assert.deepEqual(outcome, { ok: false, error: { code: 'tool_failed', message: "Tool 'mcp_notes_broken' failed: disk full" } });
  });

  test('cancels the server-side request when the call is aborted', async () => {
    const session = createToolSearchSession({ tools: source.tools });
    const controller = new AbortController();
    const pending = session.call('mcp_notes_wait_for_cancel', {}, { signal: controller.signal });
    while (notes.calls.at(-1)?.tool !== 'wait_for_cancel') await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    const outcome = await pending;
    assert.equal(outcome.ok ? 'ok' : outcome.error.code, 'cancelled');
    await notes.cancelled;
  });

  test('follows tools/list_changed and reports the new tool set once', async () => {
    const changed = new Promise<McpToolSourceChange>((resolve) => {
      const seen = changes.length;
      const poll = (): void => void (changes.length > seen ? resolve(changes[seen]!) : setImmediate(poll));
      poll();
    });
    const registered = notes.server.registerTool('archive_note', { description: 'Archive a note.' }, async () => ({ content: [] }));
    const change = await changed;
    assert.deepEqual(change.servers, ['notes']);
    assert.ok(change.tools.some((tool) => tool.name === 'mcp_notes_archive_note'));
    assert.ok(source.tools().some((tool) => tool.name === 'mcp_notes_archive_note'));
    registered.remove();
    await source.refresh();
    assert.ok(!source.tools().some((tool) => tool.name === 'mcp_notes_archive_note'));
  });

  test('does not report a change when a refresh finds the same tools', async () => {
    const seen = changes.length;
    await source.refresh(['notes']);
    assert.equal(changes.length, seen);
  });

  test('rejects a refresh of a server it does not know', async () => {
    await assert.rejects(source.refresh(['nope']), { code: 'invalid_mcp_source', message: 'Unknown MCP server(s): nope. Known: notes.' });
  });
});

describe('createMcpToolSource setup mistakes', () => {
  test('rejects a server name with spaces', async () => {
    const notes = await createLinkedMcpServer();
    try {
      await assert.rejects(createMcpToolSource({ clients: { 'my notes': notes.client } }), ToolSearchError);
    } finally {
      await notes.close();
    }
  });

  test('rejects something that is not a client', async () => {
    await assert.rejects(createMcpToolSource({ clients: { notes: {} as never } }), {
      code: 'invalid_mcp_source',
      message: "The client for MCP server 'notes' is not an MCP SDK Client (it has no listTools/callTool).",
    });
  });

  test('reports collisions across servers deterministically', async () => {
    const first = await createLinkedMcpServer('a');
    const second = await createLinkedMcpServer('a_add');
    try {
      // 'a' + 'add_note' and 'a_add' + 'note' would both be mcp_a_add_note: register that on the second server.
      second.server.registerTool('note', { description: 'Clashes by name.' }, async () => ({ content: [] }));
      const source = await createMcpToolSource({
        clients: new Map([
          ['a_add', second.client],
          ['a', first.client],
        ]),
      });
      const names = source.tools().map((tool) => tool.name);
      assert.equal(new Set(names).size, names.length);
      assert.ok(names.includes('mcp_a_add_note'));
      assert.deepEqual(
        source.renames().map((rename) => [rename.server, rename.tool, rename.reason]),
        [['a_add', 'note', 'collision']],
      );
      assert.equal(source.tools().find((tool) => tool.name === 'mcp_a_add_note')?.toolset, 'mcp-a');
      source.close();
    } finally {
      await first.close();
      await second.close();
    }
  });
});
