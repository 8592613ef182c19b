import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { createToolSearchSession, isCallActivity, type ActivityEvent, type ToolSearchSessionOptions } from '../../src/index.ts';
import { blockDeletes, createTerminalApprover, redactSecrets } from '../../examples/hooks.ts';
import { PROVIDER_LOOPS, type ProviderLoop } from './fixtures/provider-loops.ts';
import { startScriptedApiServer, type RecordedRequest } from './fixtures/scripted-api-server.ts';
import { ALWAYS_ON, createSampleTools, createWaitingTool, type ReceivedCall } from './fixtures/sample-tools.ts';
import type { ScriptedTurn } from './fixtures/scripted-language-model.ts';

interface Run {
  readonly text: string;
  readonly received: ReceivedCall[];
  readonly activity: ActivityEvent[];
  readonly requests: RecordedRequest[];
}

async function runLoop(
  loop: ProviderLoop,
  turns: readonly ScriptedTurn[],
  options: { session?: Partial<ToolSearchSessionOptions>; scope?: readonly string[]; stream?: boolean } = {},
): Promise<Run> {
  const server = await startScriptedApiServer(turns);
  try {
    const received: ReceivedCall[] = [];
    const activity: ActivityEvent[] = [];
    const parent = createToolSearchSession({
      tools: createSampleTools(received),
      config: ALWAYS_ON,
      ...options.session,
      hooks: { onActivity: (event) => activity.push(event), ...options.session?.hooks },
    });
    const session = options.scope === undefined ? parent : parent.child({ toolsets: options.scope });
    const text = await loop.run(session, server.origin, { stream: options.stream ?? false, maxSteps: turns.length });
    return { text, received, activity, requests: server.requests };
  } finally {
    await server.close();
  }
}

const FULL_FLOW: ScriptedTurn[] = [
  { calls: [{ tool: 'tool_search', input: { query: 'add a note' } }] },
  { calls: [{ tool: 'tool_describe', input: { name: 'mcp_notes_add_note' } }] },
  {
    calls: [
      { tool: 'tool_call', input: { name: 'mcp_notes_add_note', arguments: { text: 'milk' } } },
      { tool: 'todo', input: { item: 'buy milk' } },
    ],
  },
  { text: 'Added.' },
];

for (const loop of PROVIDER_LOOPS) {
  describe(`${loop.api} through the official SDK client and a scripted server`, () => {
    for (const stream of [false, true]) {
      test(`searches, describes and calls a deferred tool end to end (${stream ? 'streaming' : 'JSON'})`, async () => {
        const run = await runLoop(loop, FULL_FLOW, { stream });
        assert.equal(run.text, 'Added.');
        assert.deepEqual(
          run.received.map((call) => [call.tool, call.arguments]),
          [
            ['mcp_notes_add_note', { text: 'milk' }],
            ['todo', { item: 'buy milk' }],
          ],
        );
        const [search, described, called, todo] = loop.toolResults(run.requests[3]!);
        assert.match(search!.content, /"name":"mcp_notes_add_note"/);
        assert.match(described!.content, /"text":\{"type":"string"\}/);
        assert.equal(called!.content, '{"id":7,"text":"milk"}');
        assert.equal(todo!.content, 'noted: buy milk');
        assert.notEqual(called!.isError, true);
        assert.deepEqual(
          run.activity
            .filter(isCallActivity)
            .filter((event) => event.type === 'call_finished')
            .map((event) => [event.tool, event.viaBridge, event.outcome]),
          [
            ['mcp_notes_add_note', true, 'ok'],
            ['todo', false, 'ok'],
          ],
        );
      });
    }

    test('sends a byte-identical tools parameter at every step while the tool set does not change', async () => {
      const run = await runLoop(loop, FULL_FLOW);
      assert.deepEqual(loop.toolNames(run.requests[0]!), ['todo', 'tool_search', 'tool_describe', 'tool_call']);
      const first = JSON.stringify(run.requests[0]!.body['tools']);
      for (const request of run.requests) assert.equal(JSON.stringify(request.body['tools']), first);
    });

    test('returns a guardrail denial as a tool result and never runs the tool', async () => {
      const run = await runLoop(
        loop,
        [{ calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_delete_note', arguments: { id: 3 } } }] }, { text: 'ok' }],
        {
          session: { hooks: { guardrails: [blockDeletes] } },
        },
      );
      assert.deepEqual(run.received, []);
      const [denied] = loop.toolResults(run.requests[1]!);
      assert.equal(
        denied!.content,
        JSON.stringify({ error: "Call to 'mcp_notes_delete_note' was denied: deleting is not allowed in this agent", code: 'denied' }),
      );
      if (loop.api.startsWith('Anthropic')) assert.equal(denied!.isError, true);
    });

    test('reports a declined approval to the model', async () => {
      const input = new PassThrough();
      const output = new PassThrough();
      output.on('data', (chunk: Buffer) => chunk.toString().includes('[y/N]') && input.write('no\n'));
      const run = await runLoop(
        loop,
        [
          { calls: [{ tool: 'tool_call', input: { name: 'mcp_calendar_create_event', arguments: { title: 'a', at: 'b' } } }] },
          { text: 'ok' },
        ],
        {
          session: { hooks: { approve: createTerminalApprover({ input, output }) } },
        },
      );
      assert.deepEqual(run.received, []);
      assert.match(loop.toolResults(run.requests[1]!)[0]!.content, /"code":"approval_declined"/);
    });

    test('answers an unknown tool name with suggestions', async () => {
      const run = await runLoop(loop, [{ calls: [{ tool: 'tool_describe', input: { name: 'mcp_notes_ad_note' } }] }, { text: 'ok' }]);
      const body = JSON.parse(loop.toolResults(run.requests[1]!)[0]!.content) as { code: string; suggestions: string[] };
      assert.equal(body.code, 'unknown_tool');
      assert.ok(body.suggestions.includes('mcp_notes_add_note'));
    });

    test('keeps a subagent inside its toolsets for bridged and direct calls', async () => {
      const run = await runLoop(
        loop,
        [
          { calls: [{ tool: 'tool_search', input: { query: 'calendar event' } }] },
          {
            calls: [
              { tool: 'tool_call', input: { name: 'mcp_calendar_create_event', arguments: {} } },
              { tool: 'mcp_calendar_list_events', input: { day: 'today' } },
            ],
          },
          { text: 'ok' },
        ],
        { scope: ['core', 'mcp-notes'] },
      );
      assert.deepEqual(run.received, []);
      const [search, bridged, direct] = loop.toolResults(run.requests[2]!);
      const matches = (JSON.parse(search!.content) as { matches: { name: string }[] }).matches.map((match) => match.name);
      assert.deepEqual(
        matches.filter((name) => !name.startsWith('mcp_notes_')),
        [],
      );
      assert.match(bridged!.content, /"code":"unknown_tool"/);
      assert.match(direct!.content, /"code":"unknown_tool"/);
    });

    if (!loop.api.startsWith('Anthropic')) {
      // Anthropic sends tool input as parsed JSON; the OpenAI APIs send the model's argument text, which small models break.
      test('answers broken argument JSON with a tool result that says what is wrong', async () => {
        const run = await runLoop(loop, [
          { calls: [{ tool: 'tool_search', input: null, rawArguments: '{"query": "add note"' }] },
          { text: 'ok' },
        ]);
        const body = JSON.parse(loop.toolResults(run.requests[1]!)[0]!.content) as { code: string; error: string };
        assert.equal(body.code, 'invalid_arguments');
        assert.match(
          body.error,
          /^The arguments of tool_search is not valid JSON \(.+\)\. Pass a JSON object, for example \{"query": "\.\.\."\}\.$/,
        );
      });
    }

    test('redacts secrets in a result before it is sent', async () => {
      const run = await runLoop(
        loop,
        [{ calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_read_secret', arguments: {} } }] }, { text: 'ok' }],
        {
          session: { hooks: { afterCall: [redactSecrets] } },
        },
      );
      assert.equal(loop.toolResults(run.requests[1]!)[0]!.content, 'api_key=[REDACTED]');
      assert.doesNotMatch(JSON.stringify(run.requests[1]!.body), /sk-live/);
    });
  });
}

describe('provider helpers and abort signals', () => {
  test('passes the loop signal to the real tool and reports the cancelled call', async () => {
    for (const loop of PROVIDER_LOOPS) {
      const server = await startScriptedApiServer([
        { calls: [{ tool: 'tool_call', input: { name: 'mcp_jobs_wait', arguments: {} } }] },
        { text: 'stopped' },
      ]);
      const controller = new AbortController();
      let seen: AbortSignal | undefined;
      const wait = createWaitingTool(controller, (signal) => (seen = signal));
      try {
        const session = createToolSearchSession({ tools: [wait], config: ALWAYS_ON });
        await assert.rejects(loop.run(session, server.origin, { stream: false, maxSteps: 2, signal: controller.signal }));
        assert.equal(seen?.aborted, true, loop.api);
        assert.equal(server.requests.length, 1, loop.api);
      } finally {
        await server.close();
      }
    }
  });
});
