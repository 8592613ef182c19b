import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, MEMORY_SERVER, SCRIPTED_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const MEMORY_TOOLS = [
  'mcp_memory_create_entities',
  'mcp_memory_create_relations',
  'mcp_memory_add_observations',
  'mcp_memory_delete_entities',
  'mcp_memory_delete_observations',
  'mcp_memory_delete_relations',
  'mcp_memory_read_graph',
  'mcp_memory_search_nodes',
  'mcp_memory_open_nodes',
];

// What an MCP client sees for each tools.tool_search mode, over Streamable HTTP, with server-memory
// (9 tools, about 2,700 schema tokens) behind the gateway.
describe('what the client sees: tool search modes, pinning, toolsets and tool names', () => {
  let scratch: ScratchFolder;
  const gateways: HttpGatewayUnderTest[] = [];
  const memory = () => ({ command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } });
  const start = async (document: Record<string, unknown>, toolsets?: string[]) => {
    const under = await startHttpGateway(document, scratch.path, toolsets === undefined ? {} : { toolsets });
    gateways.push(under);
    return under;
  };
  const listNames = async (under: HttpGatewayUnderTest) => (await under.client.listTools()).tools.map((tool) => tool.name);

  before(() => {
    scratch = createScratchFolder();
  });
  after(async () => {
    await Promise.all(gateways.map((under) => under.close()));
    scratch?.remove();
  });

  test('off passes every upstream tool through and calls them directly', async () => {
    const under = await start({ tools: { tool_search: { enabled: 'off' } }, mcp_servers: { memory: memory() } });
    assert.deepEqual(await listNames(under), MEMORY_TOOLS);
    // The upstream's annotations reach the client, which uses them for approval and display.
    const annotationsOf = async (name: string) => (await under.client.listTools()).tools.find((tool) => tool.name === name)?.annotations;
    assert.equal((await annotationsOf('mcp_memory_read_graph'))?.readOnlyHint, true);
    assert.equal((await annotationsOf('mcp_memory_delete_entities'))?.destructiveHint, true);
    const graph = await under.client.callTool({ name: 'mcp_memory_read_graph', arguments: {} });
    assert.equal(graph.isError, undefined);
    assert.match(firstText(graph), /"entities"/);
  });

  test('auto stays direct below threshold_pct of model.context_length and switches to the bridge above it', async () => {
    const large = await start({ model: { context_length: 200_000 }, tools: { tool_search: 'auto' }, mcp_servers: { memory: memory() } });
    assert.deepEqual(await listNames(large), MEMORY_TOOLS);
    const small = await start({ model: { context_length: 8_000 }, tools: { tool_search: 'auto' }, mcp_servers: { memory: memory() } });
    assert.deepEqual(await listNames(small), ['tool_search', 'tool_describe', 'tool_call']);
  });

  test('on replaces the tools with the bridge, keeps pinned ones visible and out of the search, and refuses approval it cannot ask for', async () => {
    const under = await start({
      tools: { tool_search: { enabled: 'on' } },
      mcp_servers: { memory: memory() },
      pin: ['mcp_memory_read_*'],
      policy: { require_approval: ['mcp_memory_open_*'] },
    });
    assert.deepEqual(await listNames(under), ['mcp_memory_read_graph', 'tool_search', 'tool_describe', 'tool_call']);
    const listed = (await under.client.listTools()).tools;
    assert.equal(listed.find((tool) => tool.name === 'tool_search')?.annotations?.readOnlyHint, true, 'searching only reads the catalog');
    assert.equal(listed.find((tool) => tool.name === 'tool_call')?.annotations, undefined, 'tool_call is as safe as what it runs');
    const search = JSON.parse(
      firstText(await under.client.callTool({ name: 'tool_search', arguments: { query: 'read graph', limit: 20 } })),
    );
    assert.ok(!search.matches.some((match: { name: string }) => match.name === 'mcp_memory_read_graph'));
    assert.equal(search.total_available, 8);
    const direct = await under.client.callTool({ name: 'mcp_memory_read_graph', arguments: {} });
    assert.equal(direct.isError, undefined);
    // This client does not support elicitation, so a call that needs approval is refused.
    const unapproved = await under.client.callTool({
      name: 'tool_call',
      arguments: { name: 'mcp_memory_open_nodes', arguments: { names: [] } },
    });
    assert.equal(unapproved.isError, true);
    assert.match(firstText(unapproved), /needs the user's approval, and this MCP client cannot ask \(it does not support elicitation\)/);
  });

  test('--toolsets limits the client to the named servers, for listing, search and calls', async () => {
    const under = await start(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { memory: memory(), scripted: { command: process.execPath, args: [SCRIPTED_SERVER] } },
      },
      ['memory'],
    );
    const search = JSON.parse(firstText(await under.client.callTool({ name: 'tool_search', arguments: { query: 'echo the text back' } })));
    assert.ok(search.matches.every((match: { name: string }) => match.name.startsWith('mcp_memory_')));
    const outside = await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_echo', arguments: { text: 'x' } } });
    assert.equal(outside.isError, true);
    assert.match(firstText(outside), /mcp_scripted_echo/);
  });

  test('names tools mcp_<server>_<tool>, sanitized, at most 64 characters, collisions resolved and logged', async () => {
    const scripted = (...args: string[]) => ({ command: process.execPath, args: [SCRIPTED_SERVER, ...args] });
    const under = await start({
      tools: { tool_search: 'off' },
      mcp_servers: {
        a: scripted('--prefix', 'b_'),
        a_b: scripted(),
        'my.server': scripted(),
        ['very_long_server_name_'.repeat(3)]: scripted(),
      },
    });
    const names = await listNames(under);
    assert.ok(names.includes('mcp_a_b_echo'));
    const collided = names.filter((name) => name.startsWith('mcp_a_b_echo'));
    assert.equal(collided.length, 2);
    assert.match(
      collided.find((name) => name !== 'mcp_a_b_echo')!,
      /^mcp_a_b_echo_[0-9a-f]{6}$/,
    );
    assert.ok(names.includes('mcp_my_server_echo'));
    assert.ok(names.every((name) => /^[A-Za-z0-9_-]{1,64}$/.test(name)));
    assert.ok(under.logs.some((line) => /^\[a_b\] tool 'echo' is shown as 'mcp_a_b_echo_[0-9a-f]{6}' \(collision\)$/.test(line)));
    const result = await under.client.callTool({
      name: collided.find((name) => name !== 'mcp_a_b_echo')!,
      arguments: { text: 'which one' },
    });
    assert.deepEqual(result.content, [{ type: 'text', text: 'scripted: which one' }]);
  });
});
