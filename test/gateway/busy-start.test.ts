import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createScratchFolder, firstText, SCRIPTED_SERVER, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

const scripted = (...args: string[]) => ({ command: process.execPath, args: [SCRIPTED_SERVER, ...args] });

// A first `npx -y <server>` downloads and installs the server before it answers the handshake, for
// longer than timeouts.connect_ms. A server whose processes keep working is waited for (up to
// timeouts.connect_max_ms); one that sits silent fails at connect_ms, as before. Here: a server busy
// for three times connect_ms, one silent for as long, and one busy for ever.
describe(
  'a start is waited for while the server works, and only then',
  { skip: process.platform !== 'linux' && 'CPU time is read from /proc' },
  () => {
    let scratch: ScratchFolder;
    let under: HttpGatewayUnderTest;

    before(async () => {
      scratch = createScratchFolder();
      under = await startHttpGateway(
        {
          tools: { tool_search: { enabled: 'off' } },
          timeouts: { connect_ms: 1_000, connect_max_ms: 10_000 },
          mcp_servers: {
            busy: scripted('--busy-start', '3000'),
            silent: scripted('--delay-start', '3000'),
            endless: scripted('--busy-start', '600000'),
          },
        },
        scratch.path,
        // No restart within the test: each server's first start is what is looked at.
        { backoff: { initialMs: 600_000, maxMs: 600_000 } },
      );
      await Promise.all(under.gateway.firstAttempts());
    });
    after(async () => {
      if (process.env['GATEWAY_TEST_LOGS'] === '1') console.error(under?.logs.join('\n'));
      await under?.close();
      scratch?.remove();
    });

    const unavailable = async (name: string): Promise<string> => {
      const result = await under.client.callTool({ name, arguments: { text: 'hi' } });
      assert.equal(result.isError, true);
      return firstText(result);
    };

    test('a server busy for longer than connect_ms connects', async () => {
      const { tools } = await under.client.listTools();
      assert.ok(
        tools.some((tool) => tool.name === 'mcp_busy_echo'),
        tools.map((tool) => tool.name).join(', '),
      );
    });

    test('a silent server fails at connect_ms, and the message says which key to raise', async () => {
      assert.match(
        await unavailable('mcp_silent_echo'),
        /MCP server 'silent' is not available: did not complete the MCP handshake within \d+\.\d s, and showed no sign of work \(CPU time, output, a new process\) for the last 1\.0 s \(timeouts\.connect_ms\); if it needs longer to start, raise timeouts\.connect_ms \(now 1000\)/,
      );
    });

    test('a server that never stops working fails at connect_max_ms', async () => {
      assert.match(
        await unavailable('mcp_endless_echo'),
        /MCP server 'endless' is not available: was still starting after 10 s, the most a start may take \(timeouts\.connect_max_ms\), though it kept working; if it needs longer to start, raise timeouts\.connect_max_ms \(now 10000\)/,
      );
    });
  },
);

describe('the longest start limits a timer can wait', () => {
  test('still let a server connect (the handshake timer is kept within 2^31 - 1 ms)', async () => {
    const scratch = createScratchFolder();
    const under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'off' } },
        timeouts: { connect_ms: 2_147_483_647, connect_max_ms: 2_147_483_647 },
        mcp_servers: { plain: scripted() },
      },
      scratch.path,
    );
    try {
      await Promise.all(under.gateway.firstAttempts());
      assert.deepEqual(
        under.gateway.statuses().map((status) => [status.name, status.state, status.error]),
        [['plain', 'connected', undefined]],
      );
    } finally {
      await under.close();
      scratch.remove();
    }
  });
});
