import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createScratchFolder,
  DESCRIBED_TOOLS_SERVER,
  EVERYTHING_SERVER,
  FILESYSTEM_SERVER,
  firstText,
  MEMORY_SERVER,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';

// Real servers from node_modules, matched to the shipped pack by what they run, what they announce and
// what the config calls them; one gateway start for every assertion.
describe('the gateway attaching the request pack to real servers', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    // Runs server-memory without its path on the command line: only serverInfo.name tells what it is.
    const wrapper = scratch.write('notes-server.mjs', `await import(${JSON.stringify(MEMORY_SERVER)});\n`);
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          kb: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/kb.jsonl' } },
          notes: { command: process.execPath, args: [wrapper], env: { MEMORY_FILE_PATH: '${tempDir}/notes.jsonl' } },
          everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
          files: { command: process.execPath, args: [FILESYSTEM_SERVER, scratch.path] },
          github: {
            command: process.execPath,
            args: [
              DESCRIBED_TOOLS_SERVER,
              JSON.stringify([
                { name: 'merge_pull_request', description: 'Merge a pull request.' },
                { name: 'brand_new_tool', description: 'Something the pack has never seen.' },
              ]),
            ],
          },
          mine: {
            command: process.execPath,
            args: [DESCRIBED_TOOLS_SERVER, JSON.stringify([{ name: 'read_graph', description: 'My own tool.' }])],
          },
        },
        policy: { deny: ['mcp_kb_delete_*'] },
      },
      scratch.path,
    );
    await under.gateway.ready();
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('matches each server to its pack entry by package, serverInfo.name or config name, and leaves the others alone', () => {
    const matched = Object.fromEntries(
      ['everything', 'files', 'github', 'kb', 'mine', 'notes'].map((server) => [server, under.gateway.requestSources.packMatchOf(server)]),
    );
    assert.deepEqual(matched, {
      everything: { id: 'everything', by: 'package', value: '@modelcontextprotocol/server-everything' },
      files: { id: 'filesystem', by: 'package', value: '@modelcontextprotocol/server-filesystem' },
      github: { id: 'github', by: 'config_name', value: 'github' },
      kb: { id: 'memory', by: 'package', value: '@modelcontextprotocol/server-memory' },
      mine: undefined,
      notes: { id: 'memory', by: 'server_name', value: 'memory-server' },
    });
  });

  test("gives every tool of a matched server the pack's requests for it, under its upstream name", () => {
    const tools = under.gateway.tools();
    for (const toolset of ['mcp-everything', 'mcp-files', 'mcp-notes']) {
      const own = tools.filter((tool) => tool.toolset === toolset);
      assert.ok(own.length > 0, toolset);
      for (const tool of own) assert.ok((tool.requests ?? []).length >= 8, `${tool.name} has ${(tool.requests ?? []).length} requests`);
    }
    const createEntities = tools.find((tool) => tool.name === 'mcp_kb_create_entities')!;
    assert.deepEqual(under.gateway.requestSources.countsOf(createEntities), {
      pack: createEntities.requests!.length,
      model: 0,
      learned: 0,
      attached: createEntities.requests!.length,
    });
  });

  test('ignores pack entries for tools a server does not have, and gives unknown tools none of the pack (only balancing)', () => {
    const tools = under.gateway.tools();
    assert.ok((tools.find((tool) => tool.name === 'mcp_github_merge_pull_request')!.requests ?? []).length >= 8);
    for (const name of ['mcp_github_brand_new_tool', 'mcp_mine_read_graph']) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      const counts = under.gateway.requestSources.countsOf(tool);
      assert.equal(counts.pack, 0, `${name} has no pack requests`);
      // Beside tools with requests, it is balanced: lent by similarly named tools, or given its own text.
      assert.ok(counts.balanced !== undefined && counts.balanced.count > 0, `${name} is balanced`);
    }
  });

  test('attaches no situational requests where a server has none of its own (mine, brand_new_tool)', () => {
    const situational = loadRequestPack().situationalOf('memory').get('create_entities')!;
    const createEntities = under.gateway.tools().find((tool) => tool.name === 'mcp_kb_create_entities')!;
    assert.ok(situational.length > 0);
    assert.ok(!situational.some((request) => createEntities.requests!.includes(request)));
  });

  test('gives a tool policy hides no requests', () => {
    const denied = under.gateway.tools().filter((tool) => tool.name.startsWith('mcp_kb_delete_'));
    assert.equal(denied.length, 3);
    for (const tool of denied) assert.equal(tool.requests, undefined);
  });

  test('never shows requests to a client: tools/list, tool_search and tool_describe leave them out', async () => {
    const answers = [
      await under.client.listTools(),
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'create entities in the knowledge graph', limit: 10 } }),
      await under.client.callTool({ name: 'tool_describe', arguments: { name: 'mcp_kb_create_entities' } }),
    ];
    const text = JSON.stringify(answers);
    assert.doesNotMatch(text, /"requests"/);
    const packed = under.gateway.tools().find((tool) => tool.name === 'mcp_kb_create_entities')!.requests!;
    for (const request of packed) assert.ok(!text.includes(request), `"${request}" reached the client`);
    assert.match(firstText(answers[1]), /mcp_kb_create_entities/);
  });
});

describe('the gateway where the pack covers every server', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          everything: { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'] },
        },
      },
      scratch.path,
    );
    await under.gateway.ready();
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test("attaches the pack's situational requests too, counted with the pack's, and never shows them", async () => {
    const pack = loadRequestPack();
    const createEntities = under.gateway.tools().find((tool) => tool.name === 'mcp_memory_create_entities')!;
    const situational = pack.situationalOf('memory').get('create_entities')!;
    for (const request of situational) assert.ok(createEntities.requests!.includes(request), `"${request}" attached`);
    const counts = under.gateway.requestSources.countsOf(createEntities);
    assert.equal(counts.pack, pack.requestsOf('memory').get('create_entities')!.length + situational.length);
    const found = await under.client.callTool({ name: 'tool_search', arguments: { query: 'keep track of my coworkers', limit: 10 } });
    for (const request of situational) assert.ok(!JSON.stringify(found).includes(request), `"${request}" reached the client`);
  });
});

describe('the gateway with search.pack: false', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        search: { pack: false },
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
      },
      scratch.path,
    );
    await under.gateway.ready();
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('attaches no requests and matches no server', () => {
    assert.ok(under.gateway.tools().length > 0);
    assert.ok(under.gateway.tools().every((tool) => tool.requests === undefined));
    assert.equal(under.gateway.requestSources.packMatchOf('memory'), undefined);
  });
});
