import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, SCRIPTED_SERVER, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

/** That the call failed, and its text (however the gateway frames a failure) holds the message whole. */
function assertSays(result: unknown, message: string): void {
  assert.equal((result as { isError?: boolean }).isError, true);
  const text = firstText(result);
  assert.ok(text.includes(message), `${JSON.stringify(text)} does not include ${JSON.stringify(message)}`);
}

// One gateway whose calls may go 0.5 s without a word from the server (call_ms) and 2.5 s in all
// (call_max_ms), in front of the scripted server, whose progress_* tools report progress every 50 ms
// to a client that asks for it (the gateway passes the request for progress on).
describe('the gateway bounds a call by an idle limit and an overall limit', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  const call = (name: string, args: Record<string, unknown> = {}) => under.client.callTool({ name, arguments: args });

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'off' } },
        timeouts: { call_ms: 500, call_max_ms: 2_500 },
        mcp_servers: { slow: { command: process.execPath, args: [SCRIPTED_SERVER] } },
      },
      scratch.path,
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('cancels a call that keeps reporting progress once call_max_ms has passed, and says that limit ran out', async () => {
    let progressSeen = 0;
    const result = await under.client.callTool({ name: 'mcp_slow_progress_forever', arguments: {} }, undefined, {
      onprogress: () => void (progressSeen += 1),
    });
    assertSays(
      result,
      "MCP server 'slow' was still running 'progress_forever' after 2.5 s, the most a call may take (the gateway's timeouts.call_max_ms), " +
        'so the call was cancelled. It may still have taken effect: check before calling it again.',
    );
    // Progress went on past call_ms, or the idle limit would have ended the call with its own message.
    assert.ok(progressSeen > 0);
    await waitFor(() => under.logs.includes('[slow] scripted: progress_forever was cancelled'), 'the upstream to see the cancellation');
  });

  test('lets a call that reports progress for longer than call_ms answer within call_max_ms', async () => {
    const result = await under.client.callTool({ name: 'mcp_slow_progress_then_answer', arguments: { ms: 1_000 } }, undefined, {
      onprogress: () => undefined,
    });
    assert.deepEqual(result.content, [{ type: 'text', text: 'answered after 1000 ms' }]);
  });

  test('cancels a call that sends nothing for call_ms, and says that limit ran out', async () => {
    const result = await call('mcp_slow_hang');
    assertSays(
      result,
      "MCP server 'slow' sent nothing about 'hang' for 0.5 s (the gateway's timeouts.call_ms, or the server's timeout_ms), " +
        'so the call was cancelled. It may still have taken effect: check before calling it again.',
    );
    await waitFor(() => under.logs.includes('[slow] scripted: hang was cancelled'), 'the upstream to see the cancellation');
  });
});
