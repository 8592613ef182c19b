import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createToolSearchSession, isCallActivity, matchesGlob } from '../../src/index.ts';
import { runResponsesNativeToolCalls, toResponsesNativeTools } from '../../src/integrations/openai/index.ts';
import { blockDeletes } from '../../examples/hooks.ts';
import { checkResponsesInput, checkResponsesTools } from './fixtures/native-wire-shapes.ts';
import { responsesNativeLoop, runNative, type NativeRun } from './fixtures/native-provider-loops.ts';
import type { RecordedRequest } from './fixtures/scripted-api-server.ts';
import type { NativeScriptedTurn } from './fixtures/scripted-native-server.ts';
import { ALWAYS_ON, createSampleTools } from './fixtures/sample-tools.ts';

interface SentFunction {
  readonly type: string;
  readonly name: string;
  readonly defer_loading?: boolean;
}
interface SentTool extends Partial<SentFunction> {
  readonly type: string;
  readonly tools?: SentFunction[];
}
interface SentItem {
  readonly type?: string;
  readonly call_id?: string | null;
  readonly output?: string;
  readonly execution?: string;
  readonly status?: string;
  readonly tools?: SentTool[];
}

const inputOf = (request: RecordedRequest) => request.body['input'] as SentItem[];

/** The items the request added after the previous response's output: the replies to its calls. */
const repliesIn = (request: RecordedRequest) =>
  inputOf(request).filter((item) => item.type === 'tool_search_output' || item.type === 'function_call_output');

/** Every function a tool_search_output loads, as `namespace.function`, in order. */
const loadedBy = (item: SentItem) =>
  (item.tools ?? []).flatMap((namespace) => (namespace.tools ?? []).map((fn) => `${namespace.name}.${fn.name}`));

function assertWireShapes(run: NativeRun): void {
  for (const [index, request] of run.requests.entries()) {
    assert.deepEqual(checkResponsesTools(request.body['tools']), [], `request ${index}`);
    assert.deepEqual(checkResponsesInput(request.body['input'], request.body['tools']), [], `request ${index}`);
  }
}

const SEARCH_THEN_CALL: NativeScriptedTurn[] = [
  { calls: [{ tool: 'tool_search', input: { query: 'add a note' } }] },
  { calls: [{ tool: 'mcp_notes_add_note', namespace: 'mcp-notes', input: { text: 'milk' } }] },
  { text: 'Added.' },
];

describe('OpenAI Responses in native mode, through the official client and a scripted server', () => {
  for (const stream of [false, true]) {
    test(`answers tool_search_call with tool_search_output, then runs the real tool through hooks and approval (${stream ? 'streaming' : 'JSON'})`, async () => {
      const run = await runNative(responsesNativeLoop, SEARCH_THEN_CALL, { stream });
      assert.equal(run.text, 'Added.');
      assert.equal(run.requests.length, 3);
      assertWireShapes(run);
      const [searched] = repliesIn(run.requests[1]!);
      assert.equal(searched!.type, 'tool_search_output');
      assert.equal(searched!.call_id, 'call_1_0');
      assert.equal(searched!.execution, 'client');
      assert.equal(searched!.status, 'completed');
      assert.equal(loadedBy(searched!)[0], 'mcp-notes.mcp_notes_add_note');
      const replies = repliesIn(run.requests[2]!);
      assert.deepEqual(replies.at(-1), { type: 'function_call_output', call_id: 'call_2_0', output: '{"id":7,"text":"milk"}' });
      assert.deepEqual(
        run.received.map((call) => [call.tool, call.arguments]),
        [['mcp_notes_add_note', { text: 'milk' }]],
      );
      assert.deepEqual(run.beforeCall, ['mcp_notes_add_note']);
      assert.deepEqual(run.approvals, [{ name: 'mcp_notes_add_note', viaBridge: false }]);
      assert.deepEqual(
        run.activity
          .filter(isCallActivity)
          .filter((event) => event.type === 'call_finished')
          .map((event) => [event.tool, event.viaBridge, event.outcome]),
        [['mcp_notes_add_note', false, 'ok']],
      );
    });
  }

  test('sends the direct functions, then one namespace of deferred functions per toolset, then the client tool_search', async () => {
    const run = await runNative(responsesNativeLoop, [{ text: 'hi' }]);
    const tools = run.requests[0]!.body['tools'] as SentTool[];
    assert.deepEqual(
      tools.map((tool) => [
        tool.type,
        tool.name ?? null,
        (tool.tools ?? []).map((fn) => `${fn.name}${fn.defer_loading === true ? ' (deferred)' : ''}`),
      ]),
      [
        ['function', 'todo', []],
        [
          'namespace',
          'mcp-notes',
          ['mcp_notes_add_note (deferred)', 'mcp_notes_delete_note (deferred)', 'mcp_notes_read_secret (deferred)'],
        ],
        ['namespace', 'mcp-calendar', ['mcp_calendar_create_event (deferred)', 'mcp_calendar_list_events (deferred)']],
        ['namespace', 'weather', ['weather_forecast (deferred)']],
        ['tool_search', null, []],
      ],
    );
    assert.equal(tools[0]!.defer_loading, undefined);
    assertWireShapes(run);
  });

  test('sends a byte-identical tools array at every step while the tool set does not change', async () => {
    const run = await runNative(responsesNativeLoop, SEARCH_THEN_CALL);
    const first = JSON.stringify(run.requests[0]!.body['tools']);
    for (const request of run.requests) assert.equal(JSON.stringify(request.body['tools']), first);
  });

  test('a denied tool is never sent, never loaded and never run', async () => {
    const run = await runNative(
      responsesNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'delete a note' } }] },
        { calls: [{ tool: 'mcp_notes_delete_note', namespace: 'mcp-notes', input: { id: 3 } }] },
        { text: 'ok' },
      ],
      { session: { isHidden: (tool) => matchesGlob(tool.name, '*delete*'), hooks: { guardrails: [blockDeletes] } } },
    );
    assertWireShapes(run);
    for (const request of run.requests) assert.doesNotMatch(JSON.stringify(request.body['tools']), /mcp_notes_delete_note/);
    assert.doesNotMatch(JSON.stringify(repliesIn(run.requests[1]!)), /mcp_notes_delete_note/);
    const denied = repliesIn(run.requests[2]!).at(-1)!;
    assert.equal(
      denied.output,
      JSON.stringify({ error: "Call to 'mcp_notes_delete_note' was denied: deleting is not allowed in this agent", code: 'denied' }),
    );
    assert.deepEqual(run.received, []);
    assert.deepEqual(run.approvals, []);
  });

  test('a subagent scope holds: tools outside it are never sent, never loaded and never run', async () => {
    const run = await runNative(
      responsesNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'create a calendar event' } }] },
        { calls: [{ tool: 'mcp_calendar_create_event', namespace: 'mcp-calendar', input: { title: 'a', at: 'b' } }] },
        { text: 'ok' },
      ],
      { scope: ['core', 'mcp-notes'] },
    );
    assertWireShapes(run);
    for (const request of run.requests) assert.doesNotMatch(JSON.stringify(request.body['tools']), /calendar|weather/);
    assert.deepEqual(
      loadedBy(repliesIn(run.requests[1]!)[0]!).filter((name) => !name.startsWith('mcp-notes.')),
      [],
    );
    assert.match(repliesIn(run.requests[2]!).at(-1)!.output!, /"code":"unknown_tool"/);
    assert.deepEqual(run.received, []);
  });

  test('an approval that refuses keeps the found tool from running', async () => {
    const run = await runNative(
      responsesNativeLoop,
      [
        { calls: [{ tool: 'tool_search', input: { query: 'create a calendar event' } }] },
        { calls: [{ tool: 'mcp_calendar_create_event', namespace: 'mcp-calendar', input: { title: 'a', at: 'b' } }] },
        { text: 'ok' },
      ],
      { approve: () => ({ approved: false, reason: 'the user said no' }) },
    );
    assertWireShapes(run);
    assert.equal(loadedBy(repliesIn(run.requests[1]!)[0]!)[0], 'mcp-calendar.mcp_calendar_create_event');
    assert.deepEqual(run.approvals, [{ name: 'mcp_calendar_create_event', viaBridge: false }]);
    assert.match(repliesIn(run.requests[2]!).at(-1)!.output!, /"code":"approval_declined"/);
    assert.deepEqual(run.received, []);
  });

  test('refuses tool_call, which native mode does not offer', async () => {
    const run = await runNative(responsesNativeLoop, [
      { calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_add_note', arguments: { text: 'x' } } }] },
      { text: 'ok' },
    ]);
    const [refused] = repliesIn(run.requests[1]!);
    assert.equal(JSON.parse(refused!.output!).code, 'unknown_tool');
    assert.deepEqual(run.received, []);
  });

  test('answers a search that finds nothing, or that is refused, with a tool_search_output that loads nothing', async () => {
    const run = await runNative(responsesNativeLoop, [
      {
        calls: [
          { tool: 'tool_search', input: { query: 'zzqx' } },
          { tool: 'tool_search', input: { limit: 'many' } },
        ],
      },
      { text: 'ok' },
    ]);
    assertWireShapes(run);
    assert.deepEqual(repliesIn(run.requests[1]!), [
      { type: 'tool_search_output', call_id: 'call_1_0', execution: 'client', status: 'completed', tools: [] },
      { type: 'tool_search_output', call_id: 'call_1_1', execution: 'client', status: 'completed', tools: [] },
    ]);
  });
});

describe('runResponsesNativeToolCalls', () => {
  test('leaves server-executed searches to the API', async () => {
    const session = createToolSearchSession({ tools: createSampleTools([]), config: ALWAYS_ON });
    const replies = await runResponsesNativeToolCalls(session, [
      { type: 'tool_search_call', id: 'tsc_1', call_id: 'call_1', execution: 'server', status: 'completed', arguments: { query: 'note' } },
    ]);
    assert.deepEqual(replies, []);
  });
});

describe('toResponsesNativeTools', () => {
  test('sends every function directly, with no tool_search, when Tool Search is not active', () => {
    const session = createToolSearchSession({ tools: createSampleTools([]), config: { ...ALWAYS_ON, enabled: 'off' } });
    const tools = toResponsesNativeTools(session);
    assert.deepEqual([...new Set(tools.map((tool) => tool.type))], ['function']);
    assert.equal(tools.length, 7);
  });

  test('gives a namespace a free name when its toolset name is taken by a tool', () => {
    const tools = createSampleTools([]).map((tool) => (tool.name === 'todo' ? { ...tool, name: 'weather' } : tool));
    const session = createToolSearchSession({ tools, config: ALWAYS_ON });
    const names = toResponsesNativeTools(session).map((tool) => ('name' in tool ? tool.name : tool.type));
    assert.deepEqual(names, ['weather', 'mcp-notes', 'mcp-calendar', 'weather_2', 'tool_search']);
  });
});

describe('the Responses wire-shape checks', () => {
  test('flag a loaded function the request does not declare so, and an output answering no search', () => {
    const tools = [{ type: 'namespace', name: 'ns', description: 'd', tools: [{ type: 'function', name: 'f', defer_loading: true }] }];
    assert.deepEqual(
      checkResponsesInput(
        [
          { type: 'tool_search_call', call_id: 'c1', arguments: {} },
          {
            type: 'tool_search_output',
            call_id: 'c1',
            tools: [{ type: 'namespace', name: 'ns', description: 'd', tools: [{ type: 'function', name: 'f' }] }],
          },
          { type: 'tool_search_output', call_id: 'c2', tools: [] },
        ],
        tools,
      ),
      ["input[1].tools[0]: ns.f is not defined so in the request's tools", 'input[2]: call_id "c2" answers no tool_search_call before it'],
    );
    assert.deepEqual(checkResponsesTools([{ type: 'tool_search', execution: 'server' }]), [
      'tools[0]: execution must be client',
      'tools[0]: a client tool_search needs parameters',
    ]);
  });
});
