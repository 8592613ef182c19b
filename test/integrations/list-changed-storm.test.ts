import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createMcpToolSource, type McpToolSource } from '../../src/integrations/mcp-client/index.ts';
import { createCountingMcpServer, type CountingMcpServer } from './fixtures/counting-mcp-server.ts';

/** Lets the in-memory transport deliver what was sent: its messages and their handlers run on microtasks. */
const deliver = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await deliver();
}

const names = (source: McpToolSource): string[] => source.tools().map((tool) => tool.originalName ?? tool.name);

async function withSource(run: (server: CountingMcpServer, source: McpToolSource, errors: string[]) => Promise<void>): Promise<void> {
  const server = await createCountingMcpServer(['first']);
  const errors: string[] = [];
  const source = await createMcpToolSource({
    clients: { counting: server.client },
    onError: (error, name) => errors.push(`${name}: ${String(error)}`),
  });
  try {
    await run(server, source, errors);
  } finally {
    source.close();
    await server.close();
  }
}

describe('createMcpToolSource under a storm of tools/list_changed', () => {
  test('re-reads a server once for a burst of 2,000 notifications, and once more for those during that read', () =>
    withSource(async (server, source) => {
      assert.equal(server.listRequests(), 1);
      for (let sent = 0; sent < 2_000; sent++) {
        if (sent === 1_000) server.setTools(['first', 'latest']);
        server.notifyListChanged();
      }
      await deliver();
      await source.settled();
      // The first list, then at most the re-read the burst started and one trailing re-read.
      assert.ok(server.listRequests() <= 3, `${server.listRequests()} tools/list requests`);
      assert.deepEqual(names(source), ['first', 'latest']);
    }));

  test('runs one re-read after a running one for every notification that arrived meanwhile', () =>
    withSource(async (server, source) => {
      server.hold();
      server.notifyListChanged();
      await until(() => server.listRequests() === 2);
      server.setTools(['first', 'changed_during_the_read']);
      for (let sent = 0; sent < 500; sent++) server.notifyListChanged();
      await deliver();
      const settled = source.settled();
      server.release();
      await settled;
      assert.equal(server.listRequests(), 3);
      assert.deepEqual(names(source), ['first', 'changed_during_the_read']);
    }));

  test('settles a refresh after a read that started after it was called', () =>
    withSource(async (server, source) => {
      server.hold();
      const running = source.refresh();
      await until(() => server.listRequests() === 2);
      server.setTools(['first', 'after_the_running_read']);
      const refreshes = [source.refresh(), source.refresh(['counting'])];
      server.release();
      await running;
      await Promise.all(refreshes);
      assert.deepEqual(names(source), ['first', 'after_the_running_read']);
      // The two refreshes made during the running read shared the one after it.
      assert.equal(server.listRequests(), 3);
    }));

  test('reports a failed re-read to onError once, not once per notification', () =>
    withSource(async (server, source, errors) => {
      server.hold();
      server.notifyListChanged();
      await until(() => server.listRequests() === 2);
      server.failLists('listing is broken');
      for (let sent = 0; sent < 100; sent++) server.notifyListChanged();
      await deliver();
      const settled = source.settled();
      server.release();
      await settled;
      assert.deepEqual(errors, [
        "counting: ToolSearchError: Could not list the tools of MCP server 'counting': MCP error -32603: listing is broken",
      ]);
      assert.deepEqual(names(source), ['first']);
    }));
});
