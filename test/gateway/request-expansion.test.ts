import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, DESCRIBED_TOOLS_SERVER, firstText, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';
import {
  startScriptedChatEndpoint,
  twoRequestsEach,
  type ChatReply,
  type ScriptedChatEndpoint,
} from '../request-pack/fixtures/scripted-chat-endpoint.ts';

const WEATHER = { name: 'get_forecast', description: 'Weather forecast for a city.' };
const TIDES = { name: 'get_tides', description: 'Tide times for a harbour.' };

/** A gateway in front of one described-tools server, asking `endpoint` for requests, caching them in `cacheDirectory`. */
function startWithExpansion(
  url: string,
  scratch: ScratchFolder,
  tools: readonly object[],
  expand: Record<string, unknown> = {},
): Promise<HttpGatewayUnderTest> {
  return startHttpGateway(
    {
      tools: { tool_search: { enabled: 'on' } },
      mcp_servers: { ocean: { command: process.execPath, args: [DESCRIBED_TOOLS_SERVER, JSON.stringify(tools)] } },
      search: { pack: false, expand: { url, model: 'scripted-model', api_key: '${env:EXPAND_TEST_KEY}', ...expand } },
    },
    scratch.path,
    { cacheDirectory: `${scratch.path}/cache` },
  );
}

describe('search.expand against a scripted OpenAI-compatible endpoint on 127.0.0.1', () => {
  let scratch: ScratchFolder;
  let endpoint: ScriptedChatEndpoint;
  let reply: (tools: readonly string[]) => ChatReply = twoRequestsEach;

  before(async () => {
    process.env['EXPAND_TEST_KEY'] = 'sk-expand-test-0123456789';
    scratch = createScratchFolder();
    endpoint = await startScriptedChatEndpoint((tools) => reply(tools));
  });
  after(async () => {
    await endpoint?.close();
    scratch?.remove();
    delete process.env['EXPAND_TEST_KEY'];
  });

  test("writes every tool's requests in one batched call, attached as the model's, and keeps the key out of the log", async () => {
    const under = await startWithExpansion(endpoint.url, scratch, [WEATHER, TIDES]);
    try {
      await under.gateway.ready();
      await waitFor(() => endpoint.requests.length === 1, 'the first call');
      await under.gateway.requestSources.idle();
      assert.deepEqual(endpoint.toolNamesAsked(), [['mcp_ocean_get_forecast', 'mcp_ocean_get_tides']]);
      assert.equal(endpoint.requests[0]!.authorization, 'Bearer sk-expand-test-0123456789');
      const forecast = under.gateway.tools().find((tool) => tool.name === 'mcp_ocean_get_forecast')!;
      assert.deepEqual(forecast.requests, ['first way to ask for mcp_ocean_get_forecast', 'second way to ask for mcp_ocean_get_forecast']);
      assert.equal(under.gateway.requestSources.countsOf(forecast).model, 2);
      assert.doesNotMatch(under.logs.join('\n'), /sk-expand-test/);
    } finally {
      await under.close();
    }
  });

  test('with the pack on, asks for every tool, or with tools: uncovered only for those the pack has no requests for', async () => {
    // A server named memory matches the pack's memory entry, which has requests for create_entities only.
    const ENTITIES = { name: 'create_entities', description: 'Create entities in the knowledge graph.' };
    const askedWith = async (expand: Record<string, unknown>): Promise<string[][]> => {
      const own = createScratchFolder();
      const asked = await startScriptedChatEndpoint(twoRequestsEach);
      const under = await startHttpGateway(
        {
          tools: { tool_search: { enabled: 'on' } },
          mcp_servers: { memory: { command: process.execPath, args: [DESCRIBED_TOOLS_SERVER, JSON.stringify([ENTITIES, TIDES])] } },
          search: { expand: { url: asked.url, model: 'scripted-model', ...expand } },
        },
        own.path,
        { cacheDirectory: `${own.path}/cache` },
      );
      try {
        await under.gateway.ready();
        await waitFor(() => asked.requests.length === 1, 'the first call');
        await under.gateway.requestSources.idle();
        const entities = under.gateway.tools().find((tool) => tool.name === 'mcp_memory_create_entities')!;
        assert.ok(under.gateway.requestSources.countsOf(entities).pack >= 8);
        return asked.toolNamesAsked();
      } finally {
        await under.close();
        await asked.close();
        own.remove();
      }
    };
    assert.deepEqual(await askedWith({}), [['mcp_memory_create_entities', 'mcp_memory_get_tides']]);
    assert.deepEqual(await askedWith({ tools: 'uncovered' }), [['mcp_memory_get_tides']]);
  });

  test('costs no call after a restart for tools whose content it has written for', async () => {
    const before = endpoint.requests.length;
    const under = await startWithExpansion(endpoint.url, scratch, [WEATHER, TIDES]);
    try {
      await under.gateway.ready();
      under.gateway.tools();
      await under.gateway.requestSources.idle();
      assert.equal(endpoint.requests.length, before);
      assert.equal(under.gateway.tools().find((tool) => tool.name === 'mcp_ocean_get_tides')!.requests!.length, 2);
    } finally {
      await under.close();
    }
  });

  test('costs one call, for that tool alone, when a description changed', async () => {
    const before = endpoint.requests.length;
    const under = await startWithExpansion(endpoint.url, scratch, [
      { ...WEATHER, description: 'Hourly weather forecast for any town.' },
      TIDES,
    ]);
    try {
      await under.gateway.ready();
      await waitFor(() => endpoint.requests.length === before + 1, 'the call for the changed tool');
      await under.gateway.requestSources.idle();
      assert.deepEqual(endpoint.toolNamesAsked().slice(before), [['mcp_ocean_get_forecast']]);
    } finally {
      await under.close();
    }
  });

  test('never blocks tools/list or tool_search while the endpoint is slow', async () => {
    reply = () => ({ hang: true });
    const before = endpoint.requests.length;
    const under = await startWithExpansion(
      endpoint.url,
      scratch,
      [{ name: 'find_shipwrecks', description: 'Known shipwrecks near a coast.' }],
      { timeout_ms: 60_000 },
    );
    try {
      await under.gateway.ready();
      await waitFor(() => endpoint.requests.length === before + 1, 'the hanging call');
      const started = Date.now();
      const listed = await under.client.listTools();
      const found = await under.client.callTool({ name: 'tool_search', arguments: { query: 'shipwrecks near the coast' } });
      assert.ok(Date.now() - started < 5_000);
      assert.deepEqual(
        listed.tools.map((tool) => tool.name),
        ['tool_search', 'tool_describe', 'tool_call'],
      );
      assert.match(firstText(found), /mcp_ocean_find_shipwrecks/);
    } finally {
      await under.close();
      reply = twoRequestsEach;
    }
  });

  // HTTP errors and timeouts are the same path (test/request-pack/chat-request-writer.test.ts and
  // test/requests/write-requests-in-background.test.ts hold their messages).
  test('searches without requests, with one warning, when the endpoint answers garbage', async () => {
    for (const [answer, expected, expand] of [
      [() => ({ content: 'Sorry, I cannot do that.' }), /the message is not a JSON object of request lists/, {}],
    ] as ReadonlyArray<readonly [() => ChatReply, RegExp, Record<string, unknown>]>) {
      reply = answer;
      const under = await startWithExpansion(
        endpoint.url,
        scratch,
        [{ name: 'list_harbours', description: `Harbours of a coast (${String(expected)}).` }],
        expand,
      );
      try {
        await under.gateway.ready();
        await waitFor(() => under.logs.some((line) => line.includes('search.expand')), 'the warning');
        const warnings = under.logs.filter((line) => line.includes('search.expand'));
        assert.equal(warnings.length, 1);
        assert.match(warnings[0]!, expected);
        assert.match(
          warnings[0]!,
          /^warning: search\.expand \(http:\/\/127\.0\.0\.1:\d+\/v1, model scripted-model\): could not write requests for a tool .*; searching without them, trying again in 30 s$/,
        );
        const found = await under.client.callTool({ name: 'tool_search', arguments: { query: 'harbours of a coast' } });
        assert.match(firstText(found), /mcp_ocean_list_harbours/);
        assert.equal(under.gateway.tools()[0]!.requests, undefined);
      } finally {
        await under.close();
      }
    }
    reply = twoRequestsEach;
  });

  test('searches without requests, with one warning, when the endpoint is down', async () => {
    const down = await startScriptedChatEndpoint(twoRequestsEach);
    await down.close();
    const under = await startWithExpansion(down.url, scratch, [{ name: 'list_lighthouses', description: 'Lighthouses along a coast.' }]);
    try {
      await under.gateway.ready();
      await waitFor(() => under.logs.some((line) => line.includes('search.expand')), 'the warning');
      assert.match(
        under.logs.find((line) => line.includes('search.expand'))!,
        /cannot reach the endpoint \(ECONNREFUSED\)/,
      );
      assert.match(
        firstText(await under.client.callTool({ name: 'tool_search', arguments: { query: 'lighthouses' } })),
        /mcp_ocean_list_lighthouses/,
      );
    } finally {
      await under.close();
    }
  });
});
