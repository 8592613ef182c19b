import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  createScratchFolder,
  firstText,
  GATEWAY_BIN,
  MEMORY_SERVER,
  SCRIPTED_SERVER,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

type ToolResult = Awaited<ReturnType<Client['callTool']>>;

/** The refusal's JSON (`{error, code, suggestions?}`). */
function refusal(result: ToolResult): { error: string; code: string; suggestions?: string[] } {
  assert.equal(result.isError, true, firstText(result));
  return JSON.parse(firstText(result));
}

/** The refusal with `name` replaced by a placeholder: two refusals that read alike are equal after it. */
function shapeOf(result: ToolResult, name: string): unknown {
  return JSON.parse(firstText(result).split(name).join('<name>'));
}

// `tool-search serve --toolsets memory` over stdio, with a `policy.deny` inside the scope and a server
// outside it that is up and running. What the model is told about a tool it may not use must say
// nothing about that tool: not its parameters, not that it exists.
describe('serve decides policy and scope before it says anything about a tool', () => {
  let scratch: ScratchFolder;
  let client: Client;
  const call = (name: string, args: unknown) => client.callTool({ name, arguments: args as Record<string, unknown> });

  before(async () => {
    scratch = createScratchFolder();
    const config = scratch.write(
      'gateway.yaml',
      [
        'tools: { tool_search: { enabled: on } }',
        'mcp_servers:',
        `  memory: { command: node, args: ["${MEMORY_SERVER}"], env: { MEMORY_FILE_PATH: "\${tempDir}/memory.jsonl" } }`,
        `  other: { command: node, args: ["${SCRIPTED_SERVER}"] }`,
        'policy: { deny: ["memory/delete_entities"] }',
      ].join('\n'),
    );
    client = new Client({ name: 'policy-first-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [GATEWAY_BIN, 'serve', '--config', config, '--toolsets', 'memory'],
        stderr: 'ignore',
      }),
    );
    await client.listTools();
  });
  after(async () => {
    await client?.close();
    scratch?.remove();
  });

  describe('a denied tool', () => {
    const POLICY_REFUSAL =
      /^Call to 'mcp_memory_delete_entities' was denied: the gateway's policy.deny pattern 'memory\/delete_entities' refuses this tool/;

    test('called directly with bad arguments gets the policy refusal, not its parameters', async () => {
      const answer = refusal(await call('mcp_memory_delete_entities', { entityNames: 5, extra: true }));
      assert.equal(answer.code, 'denied');
      assert.match(answer.error, POLICY_REFUSAL);
      assert.ok(!answer.error.includes('entityNames'), answer.error);
    });

    test('called through tool_call with bad arguments gets the policy refusal, not its parameters', async () => {
      for (const args of [{ entityNames: 5 }, 'not JSON', [1, 2]]) {
        const answer = refusal(await call('tool_call', { name: 'mcp_memory_delete_entities', arguments: args }));
        assert.equal(answer.code, 'denied', JSON.stringify(args));
        assert.match(answer.error, POLICY_REFUSAL);
        assert.ok(!answer.error.includes('entityNames'), answer.error);
      }
    });

    test('in another letter case through tool_call, with unreadable arguments, is refused by policy before they are read', async () => {
      const answer = refusal(await call('tool_call', { name: 'MCP_MEMORY_DELETE_ENTITIES', arguments: '{' }));
      assert.equal(answer.code, 'denied');
    });

    test('is refused by tool_describe, and never found by tool_search', async () => {
      assert.equal(refusal(await call('tool_describe', { name: 'mcp_memory_delete_entities' })).code, 'denied');
      const search = JSON.parse(firstText(await call('tool_search', { query: 'delete entities', limit: 50 })));
      assert.ok(!JSON.stringify(search).includes('delete_entities'));
    });
  });

  describe('a tool outside the scope reads exactly like one that does not exist', () => {
    const outside = 'mcp_other_echo';
    const madeUp = 'mcp_other_ohce';

    test('called directly', async () => {
      const [real, fake] = [await call(outside, { text: 'hi' }), await call(madeUp, { text: 'hi' })];
      assert.equal(refusal(real).code, 'unknown_tool');
      assert.deepEqual(shapeOf(real, outside), shapeOf(fake, madeUp));
    });

    test('called through tool_call, with good or bad arguments', async () => {
      for (const args of [{ text: 'hi' }, { text: 5 }, 'not JSON']) {
        const real = await call('tool_call', { name: outside, arguments: args });
        const fake = await call('tool_call', { name: madeUp, arguments: args });
        assert.equal(refusal(real).code, 'unknown_tool');
        assert.deepEqual(shapeOf(real, outside), shapeOf(fake, madeUp));
      }
    });

    test('described', async () => {
      const [real, fake] = [await call('tool_describe', { name: outside }), await call('tool_describe', { name: madeUp })];
      assert.equal(refusal(real).code, 'unknown_tool');
      assert.deepEqual(shapeOf(real, outside), shapeOf(fake, madeUp));
    });

    test('misspelt: suggestions come only from the tools the session may see', async () => {
      const answer = refusal(await call('tool_call', { name: 'mcp_other_ech', arguments: {} }));
      assert.equal(answer.code, 'unknown_tool');
      assert.ok(!JSON.stringify(answer).includes(outside));
    });

    test('searched: not found, not counted, not named as a service', async () => {
      const search = JSON.parse(firstText(await call('tool_search', { query: 'echo the text back', limit: 50 })));
      assert.ok(!JSON.stringify(search).includes('mcp_other'), JSON.stringify(search));
      assert.equal(search.total_available, 8, 'server-memory has 9 tools, one of them denied');
    });
  });
});
