import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type Anthropic from '@anthropic-ai/sdk';
import { createToolSearchSession, isCallActivity, matchesGlob } from '../../src/index.ts';
import { dropUnresolvableToolReferences, toAnthropicNativeTools } from '../../src/integrations/anthropic/index.ts';
import { blockDeletes } from '../../examples/hooks.ts';
import { checkAnthropicMessages, checkAnthropicTools } from './fixtures/native-wire-shapes.ts';
import { anthropicNativeLoop, runNative, type NativeRun } from './fixtures/native-provider-loops.ts';
import type { RecordedRequest } from './fixtures/scripted-api-server.ts';
import type { NativeScriptedTurn } from './fixtures/scripted-native-server.ts';
import { ALWAYS_ON, createSampleTools } from './fixtures/sample-tools.ts';

interface SentTool {
  readonly name: string;
  readonly defer_loading?: boolean;
  readonly cache_control?: unknown;
}
type SentBlock = { type: string; tool_use_id?: string; content?: string | { type: string; tool_name?: string }[]; is_error?: boolean };

const toolsOf = (request: RecordedRequest) => request.body['tools'] as SentTool[];

/** The tool_result blocks of the request's last message, in order. */
function lastResults(request: RecordedRequest): SentBlock[] {
  const messages = request.body['messages'] as { role: string; content: string | SentBlock[] }[];
  const last = messages.at(-1)!;
  assert.equal(last.role, 'user');
  return (last.content as SentBlock[]).filter((block) => block.type === 'tool_result');
}

/** The tools a tool_result references, in order ([] when its content is text). */
function referencesOf(block: SentBlock): string[] {
  return Array.isArray(block.content) ? block.content.filter((part) => part.type === 'tool_reference').map((part) => part.tool_name!) : [];
}

function assertWireShapes(run: NativeRun): void {
  for (const [index, request] of run.requests.entries()) {
    assert.deepEqual(checkAnthropicTools(request.body['tools']), [], `request ${index}`);
    assert.deepEqual(checkAnthropicMessages(request.body['messages'], request.body['tools']), [], `request ${index}`);
  }
}

const SEARCH_THEN_CALL: NativeScriptedTurn[] = [
  { calls: [{ tool: 'tool_search', input: { query: 'add a note' } }] },
  { calls: [{ tool: 'mcp_notes_add_note', input: { text: 'milk' } }] },
  { text: 'Added.' },
];

describe('Anthropic Messages in native mode, through the official client and a scripted server', () => {
  for (const stream of [false, true]) {
    test(`answers tool_search with tool_reference blocks, then runs the real tool through hooks and approval (${stream ? 'streaming' : 'JSON'})`, async () => {
      const run = await runNative(anthropicNativeLoop, SEARCH_THEN_CALL, { stream });
      assert.equal(run.text, 'Added.');
      assert.equal(run.requests.length, 3);
      assertWireShapes(run);
      const [searched] = lastResults(run.requests[1]!);
      assert.equal(searched!.tool_use_id, 'toolu_1_0');
      assert.equal(referencesOf(searched!)[0], 'mcp_notes_add_note');
      assert.equal(searched!.is_error, undefined);
      const [called] = lastResults(run.requests[2]!);
      assert.deepEqual(called, { type: 'tool_result', tool_use_id: 'toolu_2_0', content: '{"id":7,"text":"milk"}' });
      assert.deepEqual(
        run.received.map((call) => [call.tool, call.arguments]),
        [['mcp_notes_add_note', { text: 'milk' }]],
      );
      assert.deepEqual(run.beforeCall, ['mcp_notes_add_note']);
      assert.deepEqual(run.approvals, [{ name: 'mcp_notes_add_note', viaBridge: false }]);
      const search = run.activity.find((event) => event.type === 'search');
      assert.equal(search?.type === 'search' ? search.via : undefined, 'tool_search');
      assert.deepEqual(
        run.activity
          .filter(isCallActivity)
          .filter((event) => event.type === 'call_finished')
          .map((event) => [event.tool, event.viaBridge, event.outcome]),
        [['mcp_notes_add_note', false, 'ok']],
      );
    });
  }

  test('sends the direct tools, then the deferred ones with defer_loading, then tool_search carrying the cache breakpoint', async () => {
    const run = await runNative(anthropicNativeLoop, [{ text: 'hi' }]);
    const tools = toolsOf(run.requests[0]!);
    assert.deepEqual(
      tools.map((tool) => [tool.name, tool.defer_loading ?? false, tool.cache_control !== undefined]),
      [
        ['todo', false, false],
        ['mcp_notes_add_note', true, false],
        ['mcp_notes_delete_note', true, false],
        ['mcp_notes_read_secret', true, false],
        ['mcp_calendar_create_event', true, false],
        ['mcp_calendar_list_events', true, false],
        ['weather_forecast', true, false],
        ['tool_search', false, true],
      ],
    );
    assertWireShapes(run);
  });

  test('sends a byte-identical tools array at every step while the tool set does not change', async () => {
    const run = await runNative(anthropicNativeLoop, SEARCH_THEN_CALL);
    const first = JSON.stringify(run.requests[0]!.body['tools']);
    for (const request of run.requests) assert.equal(JSON.stringify(request.body['tools']), first);
  });

  test('a denied tool is never sent, never referenced and never run', async () => {
    const run = await runNative(
      anthropicNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'delete a note' } }] },
        { calls: [{ tool: 'mcp_notes_delete_note', input: { id: 3 } }] },
        { text: 'ok' },
      ],
      { session: { isHidden: (tool) => matchesGlob(tool.name, '*delete*'), hooks: { guardrails: [blockDeletes] } } },
    );
    assertWireShapes(run);
    for (const request of run.requests) assert.doesNotMatch(JSON.stringify(request.body['tools']), /mcp_notes_delete_note/);
    assert.ok(!referencesOf(lastResults(run.requests[1]!)[0]!).includes('mcp_notes_delete_note'));
    const [denied] = lastResults(run.requests[2]!);
    assert.equal(denied!.is_error, true);
    assert.equal(
      denied!.content,
      JSON.stringify({ error: "Call to 'mcp_notes_delete_note' was denied: deleting is not allowed in this agent", code: 'denied' }),
    );
    assert.deepEqual(run.received, []);
    assert.deepEqual(run.approvals, []);
  });

  test('a subagent scope holds: tools outside it are never sent, never referenced and never run', async () => {
    const run = await runNative(
      anthropicNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'create a calendar event' } }] },
        { calls: [{ tool: 'mcp_calendar_create_event', input: { title: 'a', at: 'b' } }] },
        { text: 'ok' },
      ],
      { scope: ['core', 'mcp-notes'] },
    );
    assertWireShapes(run);
    for (const request of run.requests) assert.doesNotMatch(JSON.stringify(request.body['tools']), /calendar|weather/);
    assert.deepEqual(
      referencesOf(lastResults(run.requests[1]!)[0]!).filter((name) => !name.startsWith('mcp_notes_')),
      [],
    );
    const [refused] = lastResults(run.requests[2]!);
    assert.equal(refused!.is_error, true);
    assert.match(String(refused!.content), /"code":"unknown_tool"/);
    assert.deepEqual(run.received, []);
  });

  test('an approval that refuses keeps the found tool from running', async () => {
    const run = await runNative(
      anthropicNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'create a calendar event' } }] },
        { calls: [{ tool: 'mcp_calendar_create_event', input: { title: 'a', at: 'b' } }] },
        { text: 'ok' },
      ],
      { approve: () => ({ approved: false, reason: 'the user said no' }) },
    );
    assertWireShapes(run);
    assert.equal(referencesOf(lastResults(run.requests[1]!)[0]!)[0], 'mcp_calendar_create_event');
    assert.deepEqual(run.approvals, [{ name: 'mcp_calendar_create_event', viaBridge: false }]);
    const [declined] = lastResults(run.requests[2]!);
    assert.equal(declined!.is_error, true);
    assert.match(String(declined!.content), /"code":"approval_declined"/);
    assert.deepEqual(run.received, []);
  });

  test('refuses tool_call and tool_describe, which native mode does not offer', async () => {
    const run = await runNative(anthropicNativeLoop, [
      {
        calls: [
          { tool: 'tool_call', input: { name: 'mcp_notes_add_note', arguments: { text: 'x' } } },
          { tool: 'tool_describe', input: { name: 'mcp_notes_add_note' } },
        ],
      },
      { text: 'ok' },
    ]);
    const results = lastResults(run.requests[1]!);
    assert.deepEqual(
      results.map((block) => [block.is_error, JSON.parse(String(block.content)).code]),
      [
        [true, 'unknown_tool'],
        [true, 'unknown_tool'],
      ],
    );
    assert.match(String(results[0]!.content), /not offered here: the tools tool_search finds are loaded for you to call directly/);
    assert.deepEqual(run.received, []);
    // The activity feed (the live view, the activity log) sees both refusals, naming the tool asked for.
    assert.deepEqual(
      run.activity
        .filter((event) => event.type === 'refused')
        .map((event) => [event.type, 'via' in event ? event.via : '', event.tool, 'code' in event ? event.code : '']),
      [
        ['refused', 'tool_call', 'mcp_notes_add_note', 'unknown_tool'],
        ['refused', 'tool_describe', 'mcp_notes_add_note', 'unknown_tool'],
      ],
    );
  });

  test('answers a search that finds nothing with text saying what to try', async () => {
    const run = await runNative(anthropicNativeLoop, [{ calls: [{ tool: 'tool_search', input: { query: 'zzqx' } }] }, { text: 'ok' }]);
    const [empty] = lastResults(run.requests[1]!);
    assert.equal(typeof empty!.content, 'string');
    assert.match(String(empty!.content), /\S/);
    assert.equal(empty!.is_error, undefined);
  });
});

describe('toAnthropicNativeTools', () => {
  test('sends every tool directly, with no tool_search, when Tool Search is not active', () => {
    const session = createToolSearchSession({ tools: createSampleTools([]), config: { ...ALWAYS_ON, enabled: 'off' } });
    const tools = toAnthropicNativeTools(session);
    assert.equal(tools.length, 7);
    assert.ok(tools.every((tool) => tool.defer_loading === undefined));
    assert.ok(!tools.some((tool) => tool.name === 'tool_search'));
  });
});

describe('dropUnresolvableToolReferences', () => {
  const messages: Anthropic.Messages.MessageParam[] = [
    { role: 'user', content: 'help me' },
    {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'a',
          content: [
            { type: 'tool_reference', tool_name: 'kept' },
            { type: 'tool_reference', tool_name: 'gone' },
          ],
        },
        { type: 'tool_result', tool_use_id: 'b', content: [{ type: 'tool_reference', tool_name: 'gone' }] },
      ],
    },
  ];

  test('takes out references to tools the request no longer defines, and says so where none is left', () => {
    const kept = dropUnresolvableToolReferences(messages, [{ name: 'kept' }]);
    assert.equal(kept[0], messages[0]);
    assert.deepEqual(kept[1]!.content, [
      { type: 'tool_result', tool_use_id: 'a', content: [{ type: 'tool_reference', tool_name: 'kept' }] },
      {
        type: 'tool_result',
        tool_use_id: 'b',
        content: 'These tools found earlier are no longer available: gone. Search again if you still need one.',
      },
    ]);
    assert.deepEqual(checkAnthropicMessages(kept, [{ name: 'kept', defer_loading: true }]), []);
  });

  test('returns the same message objects when every reference resolves, and never changes the input', () => {
    const before = JSON.stringify(messages);
    const kept = dropUnresolvableToolReferences(messages, [{ name: 'kept' }, { name: 'gone' }]);
    assert.equal(kept[1], messages[1]);
    assert.equal(JSON.stringify(messages), before);
  });
});

describe('the Anthropic wire-shape checks', () => {
  test('flag a deferred tool with cache_control, a key the SDK does not define and a reference to an undefined tool', () => {
    assert.deepEqual(
      checkAnthropicTools([
        { name: 'a', input_schema: { type: 'object' } },
        { name: 'b', input_schema: { type: 'object' }, defer_loading: true, cache_control: { type: 'ephemeral' }, loading: 'lazy' },
      ]),
      ["tools[1]: key 'loading' is not in the SDK's type", 'tools[1]: a deferred tool cannot carry cache_control'],
    );
    assert.deepEqual(
      checkAnthropicMessages(
        [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: [{ type: 'tool_reference', tool_name: 'a' }] }] }],
        [{ name: 'a' }],
      ),
      ["messages[0].content[0].content[0]: tool_reference to 'a', not a deferred tool of this request"],
    );
  });
});
