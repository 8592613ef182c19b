/**
 * The MCP servers every example uses: the real npm `server-memory` (a knowledge graph) and
 * `server-everything` (a protocol test server), spawned over stdio, offline. The graph is kept in
 * MEMORY_FILE_PATH (default: a file in the OS temp folder).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createMcpToolSource, type McpToolSource } from 'tool-search/mcp';

const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

export async function connectExampleServers(): Promise<{ source: McpToolSource; close: () => Promise<void> }> {
  const memoryFile = process.env['MEMORY_FILE_PATH'] ?? join(tmpdir(), 'tool-search-example-memory.jsonl');
  const servers = {
    memory: new StdioClientTransport({
      command: bin('mcp-server-memory'),
      env: { ...stringEnv(), MEMORY_FILE_PATH: memoryFile },
      stderr: 'ignore',
    }),
    everything: new StdioClientTransport({ command: bin('mcp-server-everything'), args: ['stdio'], stderr: 'ignore' }),
  };
  const clients = Object.fromEntries(
    await Promise.all(
      Object.entries(servers).map(async ([name, transport]) => {
        const client = new Client({ name: 'tool-search-example', version: '1.0.0' });
        await client.connect(transport);
        return [name, client] as const;
      }),
    ),
  );
  const source = await createMcpToolSource({ clients });
  return {
    source,
    close: async () => {
      source.close();
      await Promise.all(Object.values(clients).map((client) => client.close()));
    },
  };
}

/** The environment without undefined values, as the stdio transport wants it. */
function stringEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
