import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { isCallActivity, type ActivityEvent, type DispatchHooks } from '../../src/dispatch/hooks.ts';
import { ToolSearchError } from '../../src/errors/tool-search-error.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import type { Tool, ToolCallContext } from '../../src/tools/tool.ts';
import { coreTools, mcpServerTools } from '../support/fixtures.ts';

const on = { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' as const };

/** Registry whose tools record what they received, so tests see what the real tool got. */
function recordingRegistry() {
  const received: { name: string; args: unknown }[] = [];
  const tools: Tool[] = [...coreTools(), ...mcpServerTools('memory'), ...mcpServerTools('slack')].map((tool) => ({
    ...tool,
    execute: (args) => {
      received.push({ name: tool.name, args });
      return { ran: tool.name };
    },
  }));
  return { tools, received };
}

describe('ToolSearchSession', () => {
  it('runs tool_call through the same pipeline as a direct call, with the real name and arguments', async () => {
    const { tools, received } = recordingRegistry();
    const seen: string[] = [];
    const hooks: DispatchHooks = {
      beforeCall: [(call) => void seen.push(`before ${call.name} ${JSON.stringify(call.arguments)} bridge=${call.viaBridge}`)],
      guardrails: [(call) => void seen.push(`guardrail ${call.name}`)],
      approve: (call) => (seen.push(`approve ${call.name}`), true),
      afterCall: [(call) => void seen.push(`after ${call.name}`)],
    };
    const session = createToolSearchSession({ tools, config: on, hooks, sessionId: 's' });
    const outcome = await session.call('tool_call', { name: 'mcp_memory_search_nodes', arguments: { query: 'alice' } });
    assert.deepEqual(outcome, { ok: true, value: { ran: 'mcp_memory_search_nodes' } });
    assert.deepEqual(received, [{ name: 'mcp_memory_search_nodes', args: { query: 'alice' } }]);
    assert.deepEqual(seen, [
      'before mcp_memory_search_nodes {"query":"alice"} bridge=true',
      'guardrail mcp_memory_search_nodes',
      'approve mcp_memory_search_nodes',
      'after mcp_memory_search_nodes',
    ]);
  });

  it('cannot be used to bypass a guardrail: the real name is what is checked', async () => {
    const { tools, received } = recordingRegistry();
    const denyDeletes = (call: ToolCallContext) => (call.name.includes('delete') ? { deny: 'deleting is disabled' } : undefined);
    const session = createToolSearchSession({ tools, config: on, hooks: { guardrails: [denyDeletes] } });
    const direct = await session.call('mcp_memory_delete_entities', { entityNames: ['x'] });
    const bridged = await session.call('tool_call', { name: 'mcp_memory_delete_entities', arguments: { entityNames: ['x'] } });
    assert.deepEqual(direct, bridged);
    assert.equal(!bridged.ok && bridged.error.code, 'denied');
    assert.deepEqual(received, []);
  });

  it('shows the underlying tool in the activity feed, never tool_call', async () => {
    const { tools } = recordingRegistry();
    const events: ActivityEvent[] = [];
    const session = createToolSearchSession({ tools, config: on, hooks: { onActivity: (event) => events.push(event) } });
    await session.call('tool_call', { name: 'mcp_slack_slack_post_message', arguments: { channel_id: 'C1', text: 'hi' } });
    assert.deepEqual(
      events.filter(isCallActivity).map((event) => [event.type, event.tool, event.toolset, event.viaBridge]),
      [
        ['call_started', 'mcp_slack_slack_post_message', 'mcp-slack', true],
        ['call_finished', 'mcp_slack_slack_post_message', 'mcp-slack', true],
      ],
    );
  });

  it('accepts tool_call arguments given as a JSON string, and a whole call given as one', async () => {
    const { tools, received } = recordingRegistry();
    const session = createToolSearchSession({ tools, config: on });
    await session.call('tool_call', { name: 'mcp_memory_open_nodes', arguments: '{"names": ["a"]}' });
    await session.call('tool_call', '{"name": "mcp_memory_open_nodes", "arguments": {"names": ["b"]}}');
    assert.deepEqual(
      received.map((entry) => entry.args),
      [{ names: ['a'] }, { names: ['b'] }],
    );
  });

  it('says so when tool_call arguments are malformed JSON or not an object', async () => {
    const { tools, received } = recordingRegistry();
    const session = createToolSearchSession({ tools, config: on });
    const malformed = await session.call('tool_call', { name: 'mcp_memory_open_nodes', arguments: '{"names": [' });
    assert.equal(!malformed.ok && malformed.error.code, 'invalid_arguments');
    assert.match(!malformed.ok ? malformed.error.message : '', /^"arguments" for mcp_memory_open_nodes is not valid JSON/);
    const list = await session.call('tool_call', { name: 'mcp_memory_open_nodes', arguments: ['a'] });
    assert.equal(
      !list.ok && list.error.message,
      '"arguments" for mcp_memory_open_nodes must be a JSON object, not an array. Pass named arguments like {"name": "value"}.',
    );
    assert.deepEqual(received, []);
  });

  it('runs a core tool called directly, and refuses it through tool_call', async () => {
    const { tools, received } = recordingRegistry();
    const session = createToolSearchSession({ tools, config: on });
    assert.deepEqual(await session.call('terminal', { command: 'ls' }), { ok: true, value: { ran: 'terminal' } });
    const bridged = await session.call('tool_call', { name: 'terminal', arguments: { command: 'ls' } });
    assert.equal(!bridged.ok && bridged.error.code, 'core_tool');
    assert.equal(received.length, 1);
  });

  it('refuses an unknown direct tool name with suggestions', async () => {
    const session = createToolSearchSession({ tools: recordingRegistry().tools, config: on });
    const outcome = await session.call('mcp_memory_read_grap', {});
    assert.equal(!outcome.ok && outcome.error.code, 'unknown_tool');
    assert.deepEqual(!outcome.ok && outcome.error.suggestions, ['mcp_memory_read_graph']);
  });

  it('limits a session to its toolsets: nothing outside can be found, described or called, and it reads as unknown', async () => {
    const { tools, received } = recordingRegistry();
    const session = createToolSearchSession({ tools, config: on, toolsets: ['core', 'mcp-memory'] });
    const found = await session.call('tool_search', { query: 'slack post message channel', limit: 20 });
    assert.ok(found.ok);
    assert.ok((found.value as ToolSearchResult).matches.every((match) => match.toolset === 'mcp-memory'));
    const described = await session.call('tool_describe', { name: 'mcp_slack_slack_post_message' });
    const called = await session.call('tool_call', { name: 'mcp_slack_slack_post_message', arguments: {} });
    const direct = await session.call('mcp_slack_slack_post_message', {});
    for (const outcome of [described, called, direct]) {
      assert.deepEqual(outcome, {
        ok: false,
        error: {
          code: 'unknown_tool',
          message: "Unknown tool 'mcp_slack_slack_post_message'. Use tool_search to find tools by what they do.",
          suggestions: [],
        },
      });
    }
    assert.deepEqual(received, []);
    assert.ok(session.assemble().deferred.every((tool) => tool.toolset === 'mcp-memory'));
  });

  it('refuses a tool its tool guardrails deny before its arguments are read, directly or through tool_call', async () => {
    const { tools, received } = recordingRegistry();
    const session = createToolSearchSession({
      tools,
      config: on,
      validateArguments: () => () => [{ path: '/entityNames', message: 'must be array' }],
      hooks: { toolGuardrails: [(tool) => (tool.name === 'mcp_memory_delete_entities' ? { deny: 'deleting is off' } : undefined)] },
    });
    const denied = { ok: false, error: { code: 'denied', message: "Call to 'mcp_memory_delete_entities' was denied: deleting is off" } };
    assert.deepEqual(await session.call('mcp_memory_delete_entities', { entityNames: 5 }), denied);
    for (const args of [{ entityNames: 5 }, 'not JSON', [1]]) {
      assert.deepEqual(await session.call('tool_call', { name: 'mcp_memory_delete_entities', arguments: args }), denied);
    }
    assert.deepEqual(received, []);
    const other = await session.call('tool_call', { name: 'mcp_memory_read_graph', arguments: 'not JSON' });
    assert.equal(!other.ok && other.error.code, 'invalid_arguments', 'a tool no guardrail refuses has its arguments read as before');
  });

  it('gives a subagent a child session that cannot reach past its toolsets', async () => {
    const { tools, received } = recordingRegistry();
    const parent = createToolSearchSession({ tools, config: on, toolsets: ['core', 'mcp-memory', 'mcp-slack'] });
    const child = parent.child({ toolsets: ['mcp-slack'] });
    const outcome = await child.call('tool_call', { name: 'mcp_memory_read_graph', arguments: {} });
    assert.equal(!outcome.ok && outcome.error.code, 'unknown_tool');
    assert.deepEqual(received, []);
    assert.deepEqual([...new Set(child.tools().map((tool) => tool.toolset))], ['mcp-slack']);
    assert.throws(
      () => child.child({ toolsets: ['mcp-memory'] }),
      (error: unknown) => error instanceof ToolSearchError && error.code === 'toolset_outside_parent',
    );
  });

  it('keeps the parent hooks in a child session', async () => {
    const { tools } = recordingRegistry();
    const denied: string[] = [];
    const parent = createToolSearchSession({
      tools,
      config: on,
      hooks: { guardrails: [(call) => (denied.push(call.name), { deny: 'no' })] },
    });
    const outcome = await parent
      .child({ toolsets: ['mcp-slack'] })
      .call('tool_call', { name: 'mcp_slack_slack_list_channels', arguments: {} });
    assert.equal(!outcome.ok && outcome.error.code, 'denied');
    assert.deepEqual(denied, ['mcp_slack_slack_list_channels']);
  });

  it('rebuilds the catalog from the live registry at every assembly and call', async () => {
    const { tools } = recordingRegistry();
    let live: Tool[] = tools.filter((tool) => tool.toolset !== 'mcp-slack');
    const session = createToolSearchSession({ tools: () => live, config: on });
    const before = await session.call('tool_search', { query: 'slack message' });
    assert.ok(before.ok && (before.value as ToolSearchResult).matches.every((match) => match.toolset !== 'mcp-slack'));
    live = tools;
    const after = await session.call('tool_search', { query: 'slack post message' });
    assert.ok(after.ok);
    assert.equal((after.value as ToolSearchResult).matches[0]!.name, 'mcp_slack_slack_post_message');
    assert.match(session.assemble().tools.find((tool) => tool.name === 'tool_search')!.description, /among 17 more/);
    live = tools.filter((tool) => tool.kind === 'core');
    const gone = await session.call('tool_call', { name: 'mcp_slack_slack_post_message', arguments: {} });
    assert.equal(!gone.ok && gone.error.code, 'unknown_tool');
    assert.equal(session.assemble().active, false);
  });

  it('gives each call its own id and passes the abort signal to the tool', async () => {
    const signals: (AbortSignal | undefined)[] = [];
    const ids: string[] = [];
    const tool: Tool = {
      ...mcpServerTools('memory')[0]!,
      execute: (_args, context) => (signals.push(context.signal), ids.push(context.callId), 'ok'),
    };
    const session = createToolSearchSession({ tools: [tool], config: on, sessionId: 'abc' });
    const controller = new AbortController();
    await session.call('tool_call', { name: tool.name, arguments: {} }, { signal: controller.signal });
    await session.call(tool.name, {});
    assert.deepEqual(ids, ['abc-1', 'abc-2']);
    assert.equal(signals[0], controller.signal);
  });
});
