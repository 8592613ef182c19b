import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { main } from '../../src/cli/main.ts';
import { createScratchFolder, firstText, GATEWAY_BIN, MEMORY_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';

interface KeptRequest {
  readonly server: string;
  readonly tool: string;
  readonly text: string;
}

// The process boundary is the point: `tool-search serve` learns over stdio as a client uses it, and
// what it learned is still there after a restart.
describe('tool-search serve with search.learn: true, restarted', () => {
  let scratch: ScratchFolder;
  let config: string;
  let stateDirectory: string;

  /** Starts the gateway, runs `use` with a connected client, and stops the gateway again. */
  async function withGateway(use: (client: Client) => Promise<void>): Promise<void> {
    const client = new Client({ name: 'learning-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [GATEWAY_BIN, 'serve', '--config', config],
        env: { ...(process.env as Record<string, string>), TOOL_SEARCH_STATE_DIR: stateDirectory },
        stderr: 'ignore',
      }),
    );
    try {
      await use(client);
    } finally {
      await client.close();
    }
  }
  const search = async (client: Client, query: string): Promise<string[]> =>
    (
      JSON.parse(firstText(await client.callTool({ name: 'tool_search', arguments: { query, limit: 10 } }))) as {
        matches: { name: string }[];
      }
    ).matches.map((match) => match.name);
  const kept = (): KeptRequest[] =>
    (JSON.parse(readFileSync(join(stateDirectory, 'learned-requests.json'), 'utf8')) as { requests: KeptRequest[] }).requests;

  before(async () => {
    scratch = createScratchFolder();
    stateDirectory = join(scratch.path, 'state');
    config = scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: on } }',
        'mcp_servers:',
        `  memory: { command: node, args: ["${MEMORY_SERVER}"], env: { MEMORY_FILE_PATH: "\${configDir}/memory.jsonl" } }`,
        'policy: { deny: ["*delete*"] }',
        'search: { learn: true }',
      ].join('\n'),
    );
    const addObservation = (entityName: string) => ({
      name: 'tool_call',
      arguments: { name: 'mcp_memory_add_observations', arguments: { observations: [{ entityName, contents: ['likes tea'] }] } },
    });
    await withGateway(async (client) => {
      // A failed call of a search's result: the entity does not exist yet.
      assert.ok((await search(client, 'add a note to an entity')).includes('mcp_memory_add_observations'));
      assert.equal((await client.callTool(addObservation('Ada'))).isError, true);
      // A search, then a successful call of one of its results: learned, without its argument values.
      assert.ok(
        (await search(client, 'create entities in the knowledge graph, as https://example.com/ada says')).includes(
          'mcp_memory_create_entities',
        ),
      );
      const created = await client.callTool({
        name: 'tool_call',
        arguments: {
          name: 'mcp_memory_create_entities',
          arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: [] }] },
        },
      });
      assert.equal(created.isError, undefined, firstText(created));
      // A denied tool: never a result, refused when called anyway.
      assert.ok(!(await search(client, 'delete entities from the graph')).some((name) => name.includes('delete')));
      assert.equal(
        (
          await client.callTool({
            name: 'tool_call',
            arguments: { name: 'mcp_memory_delete_entities', arguments: { entityNames: ['Ada'] } },
          })
        ).isError,
        true,
      );
      assert.equal((await client.callTool({ name: 'mcp_memory_delete_entities', arguments: { entityNames: ['Ada'] } })).isError, true);
    });
    // Restarted: learns on, and keeps what the first run learned.
    await withGateway(async (client) => {
      assert.ok((await search(client, 'add observations to an entity')).includes('mcp_memory_add_observations'));
      assert.equal((await client.callTool(addObservation('Ada'))).isError, undefined);
    });
  });
  after(() => scratch?.remove());

  test('keeps the query of a search followed by a successful call, argument values stripped, across the restart', () => {
    assert.deepEqual(
      kept().map(({ server, tool, text }) => ({ server, tool, text })),
      [
        { server: 'package:@modelcontextprotocol/server-memory', tool: 'add_observations', text: 'add observations to an entity' },
        {
          server: 'package:@modelcontextprotocol/server-memory',
          tool: 'create_entities',
          text: 'create entities in the knowledge graph, as says',
        },
      ],
    );
  });

  test('never learns for a denied tool or from a failed call', () => {
    assert.deepEqual(
      kept().filter((request) => request.tool.includes('delete') || request.text === 'add a note to an entity'),
      [],
    );
  });

  test('keeps them owner-only', () => {
    assert.equal(statSync(join(stateDirectory, 'learned-requests.json')).mode & 0o777, 0o600);
    assert.equal(statSync(stateDirectory).mode & 0o777, 0o700);
  });

  test('attaches them to the tools after a restart, as inspect shows', async () => {
    const saved = process.env['TOOL_SEARCH_STATE_DIR'];
    process.env['TOOL_SEARCH_STATE_DIR'] = stateDirectory;
    const out: string[] = [];
    try {
      await main(['inspect', '--config', config, '--json'], { stdout: (text) => void out.push(text), stderr: () => undefined });
    } finally {
      if (saved === undefined) delete process.env['TOOL_SEARCH_STATE_DIR'];
      else process.env['TOOL_SEARCH_STATE_DIR'] = saved;
    }
    const report = JSON.parse(out.join('')) as {
      requests: {
        learn: boolean;
        servers: { server: string; pack: { id: string } | null; tools: { tool: string; learned: number; pack: number }[] }[];
      };
    };
    assert.equal(report.requests.learn, true);
    const learned = report.requests.servers.flatMap((server) =>
      server.tools.filter((tool) => tool.learned > 0).map((tool) => `${tool.tool} ${tool.learned}`),
    );
    assert.deepEqual(learned.sort(), ['mcp_memory_add_observations 1', 'mcp_memory_create_entities 1']);
    const memory = report.requests.servers.find((server) => server.server === 'memory')!;
    assert.equal(memory.pack?.id, 'memory');
    assert.ok(memory.tools.filter((tool) => !tool.tool.includes('delete')).every((tool) => tool.pack >= 8));
    assert.ok(memory.tools.filter((tool) => tool.tool.includes('delete')).every((tool) => tool.pack === 0 && tool.learned === 0));
  });
});
