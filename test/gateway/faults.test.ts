import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  createScratchFolder,
  firstText,
  MEMORY_SERVER,
  SCRIPTED_SERVER,
  waitFor,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const scripted = (...args: string[]) => ({ command: process.execPath, args: [SCRIPTED_SERVER, ...args] });

// Faulty upstreams next to healthy ones, one gateway over Streamable HTTP. Tool search is off, so every
// change of an upstream's tools changes what the client sees.
describe('the gateway isolates faulty upstream servers', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let firstList: string[];

  const names = async (): Promise<string[]> => (await under.client.listTools()).tools.map((tool) => tool.name);
  const call = (name: string, args: Record<string, unknown> = {}) => under.client.callTool({ name, arguments: args });

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'off' } },
        timeouts: { connect_ms: 15_000 },
        mcp_servers: {
          steady: scripted('--garbage-at-start'),
          flaky: scripted(),
          stuck: { ...scripted(), timeout_ms: 500 },
          late: scripted('--require-file', `${scratch.path}/late-server-may-start`),
          missing: { command: `${scratch.path}/no-such-mcp-server` },
          broken: scripted('--exit-at-start', 'config error: no API key'),
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
        },
      },
      scratch.path,
      { backoff: { initialMs: 300, maxMs: 2_000 } },
    );
    firstList = await names();
  });
  after(async () => {
    if (process.env['GATEWAY_TEST_LOGS'] === '1') console.error(under?.logs.join('\n'));
    await under?.close();
    scratch?.remove();
  });

  test('serves the servers that started, despite one that printed garbage first', () => {
    assert.ok(firstList.includes('mcp_steady_echo'));
    assert.ok(firstList.includes('mcp_flaky_crash'));
    assert.ok(firstList.includes('mcp_memory_read_graph'));
    assert.ok(!firstList.some((name) => /^mcp_(missing|broken|late)_/.test(name)));
    assert.ok(under.logs.some((line) => /^\[steady\] protocol error: .*not valid JSON/.test(line)));
  });

  test('names a server that will not start, with the reason, and schedules its restart', async () => {
    const statuses = under.gateway.statuses();
    const missing = statuses.find((status) => status.name === 'missing')!;
    assert.ok(missing.state === 'failed' || missing.state === 'connecting');
    assert.ok(
      under.logs.some((line) =>
        /^\[missing\] could not start: command '.*no-such-mcp-server' was not found \(check the path, or install it\); restarting in /.test(
          line,
        ),
      ),
    );
    assert.ok(under.logs.some((line) => /^\[broken\] exited during startup.*; restarting in /.test(line)));
    assert.ok(under.logs.includes('[broken] config error: no API key'));
    const result = await call('mcp_missing_anything');
    assert.equal(result.isError, true);
    assert.match(
      firstText(result),
      /Tool 'mcp_missing_anything' cannot be called now\. MCP server 'missing' is not available: (could not start|it is starting)/,
    );
  });

  test('passes an isError result from an upstream through untouched', async () => {
    assert.deepEqual(await call('mcp_steady_fail'), { content: [{ type: 'text', text: 'scripted failure' }], isError: true });
  });

  test('turns an invalid upstream result into an error naming the server', async () => {
    const result = await call('mcp_steady_garbage');
    assert.equal(result.isError, true);
    assert.match(firstText(result), /MCP server 'steady' answered 'garbage' with an invalid result/);
    assert.deepEqual((await call('mcp_steady_echo', { text: 'still here' })).content, [{ type: 'text', text: 'scripted: still here' }]);
  });

  test('times out a hanging call without holding up calls to other servers', async () => {
    const hanging = call('mcp_stuck_hang');
    const meanwhile = await call('mcp_memory_read_graph');
    assert.equal(meanwhile.isError, undefined);
    const result = await hanging;
    assert.equal(result.isError, true);
    assert.match(
      firstText(result),
      /MCP server 'stuck' sent nothing about 'hang' for 0\.5 s \(the gateway's timeouts\.call_ms, or the server's timeout_ms\), so the call was cancelled\. It may still have taken effect/,
    );
    await waitFor(() => under.logs.includes('[stuck] scripted: hang was cancelled'), 'the upstream to see the cancellation');
  });

  test('passes a client cancellation through to the upstream', async () => {
    const controller = new AbortController();
    const cancelled = under.client.callTool({ name: 'mcp_flaky_hang', arguments: {} }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort('the user pressed stop'), 100);
    await assert.rejects(cancelled);
    await waitFor(() => under.logs.includes('[flaky] scripted: hang was cancelled'), 'the upstream to see the cancellation');
  });

  test('follows tools/list_changed from an upstream and tells the client', async () => {
    const before = under.listChangedCount();
    assert.deepEqual((await call('mcp_steady_grow')).content, [{ type: 'text', text: 'added extra_1' }]);
    // tools/list answers from the last known list while a re-read is under way (a re-read that never
    // ends must not hold it); the client is told when the list changed, and then lists the new tool.
    await waitFor(() => under.listChangedCount() > before, 'notifications/tools/list_changed');
    assert.ok((await names()).includes('mcp_steady_extra_1'));
  });

  test('adds a server that connects late and tells the client', async () => {
    const before = under.listChangedCount();
    scratch.write('late-server-may-start', 'yes');
    await waitFor(() => under.gateway.statuses().find((status) => status.name === 'late')?.state === 'connected', 'the late server');
    await waitFor(() => under.listChangedCount() > before, 'list_changed for the late server');
    assert.ok((await names()).includes('mcp_late_echo'));
    assert.deepEqual((await call('mcp_late_echo', { text: 'finally' })).content, [{ type: 'text', text: 'scripted: finally' }]);
  });

  test('reports a crash mid-call without retrying, drops the tools, and restarts the server', async () => {
    const before = under.listChangedCount();
    const crashed = await call('mcp_flaky_crash');
    assert.equal(crashed.isError, true);
    assert.match(firstText(crashed), /MCP server 'flaky' stopped during the call to 'crash'.*The call may or may not have taken effect/);
    await waitFor(() => under.listChangedCount() > before, 'list_changed after the crash');
    const meanwhile = await call('mcp_flaky_echo', { text: 'x' });
    if (meanwhile.isError === true) {
      assert.match(firstText(meanwhile), /Tool 'mcp_flaky_echo' cannot be called now\. MCP server 'flaky' is not available/);
    }
    await waitFor(() => under.gateway.statuses().find((status) => status.name === 'flaky')?.state === 'connected', 'the restart');
    await waitFor(() => under.listChangedCount() > before + 1, 'list_changed after the restart');
    assert.deepEqual((await call('mcp_flaky_echo', { text: 'back' })).content, [{ type: 'text', text: 'scripted: back' }]);
    assert.ok(under.logs.some((line) => /^\[flaky\] exited.*; restarting in 0\.3 s$/.test(line)));
  });

  test('keeps the healthy npm server working throughout', async () => {
    const graph = await call('mcp_memory_read_graph');
    assert.equal(graph.isError, undefined);
    assert.match(firstText(graph), /entities/);
  });
});
