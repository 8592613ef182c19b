import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, test } from 'node:test';
import { generateText, stepCountIs, streamText, ToolLoopAgent } from 'ai';
import { createToolSearchSession, isCallActivity, type ActivityEvent, type Tool, type ToolSearchSessionOptions } from '../../src/index.ts';
import { createAiSdkTools, fromAiSdkTools } from '../../src/integrations/ai-sdk/index.ts';
import { createMcpToolSource } from '../../src/integrations/mcp-client/index.ts';
import { blockDeletes, createTerminalApprover, redactSecrets } from '../../examples/hooks.ts';
import { createLinkedMcpServer } from './fixtures/linked-mcp-server.ts';
import { ALWAYS_ON, createSampleTools, createWaitingTool, type ReceivedCall } from './fixtures/sample-tools.ts';
import { createScriptedModel, type ScriptedTurn } from './fixtures/scripted-language-model.ts';

interface Run {
  readonly received: ReceivedCall[];
  readonly activity: ActivityEvent[];
  readonly requests: { tools: unknown; prompt: unknown }[];
  readonly outputs: unknown[];
}

/** Runs a scripted generateText loop over the sample registry and records what everyone saw. */
async function runScript(
  turns: readonly ScriptedTurn[],
  options: Partial<ToolSearchSessionOptions> = {},
  scope?: readonly string[],
): Promise<Run> {
  const received: ReceivedCall[] = [];
  const activity: ActivityEvent[] = [];
  const parent = createToolSearchSession({
    tools: createSampleTools(received),
    config: ALWAYS_ON,
    ...options,
    hooks: { onActivity: (event) => activity.push(event), ...options.hooks },
  });
  const session = scope === undefined ? parent : parent.child({ toolsets: scope });
  const model = createScriptedModel(turns);
  const result = await generateText({ model, ...createAiSdkTools(session), stopWhen: stepCountIs(turns.length), prompt: 'help me' });
  return {
    received,
    activity,
    requests: model.doGenerateCalls.map((call) => ({ tools: call.tools, prompt: call.prompt })),
    outputs: result.steps.flatMap((step) => step.toolResults.map((toolResult) => toolResult.output)),
  };
}

/** The tool-result parts the model was sent in a request. */
function toolResultsIn(prompt: unknown): { toolName: string; output: { type: string; value: unknown } }[] {
  return (prompt as { role: string; content: { type: string }[] }[])
    .filter((message) => message.role === 'tool')
    .flatMap((message) => message.content.filter((part) => part.type === 'tool-result')) as never;
}

function toolNames(tools: unknown): string[] {
  return (tools as { name: string }[]).map((tool) => tool.name);
}

describe('createAiSdkTools with generateText and the mock model', () => {
  test('searches, describes and calls a deferred tool, and the real tool receives the arguments', async () => {
    const run = await runScript([
      { calls: [{ tool: 'tool_search', input: { query: 'add a note' } }] },
      { calls: [{ tool: 'tool_describe', input: { name: 'mcp_notes_add_note' } }] },
      { calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_add_note', arguments: { text: 'milk' } } }] },
      { text: 'done' },
    ]);
    assert.deepEqual(
      run.received.map((call) => [call.tool, call.arguments]),
      [['mcp_notes_add_note', { text: 'milk' }]],
    );
    const [search, describeResult, callResult] = toolResultsIn(run.requests[3]!.prompt);
    assert.equal(search?.output.type, 'text');
    assert.match(String(search?.output.value), /"name":"mcp_notes_add_note"/);
    assert.match(String(describeResult?.output.value), /"text":\{"type":"string"\}/);
    assert.deepEqual(callResult?.output, { type: 'text', value: '{"id":7,"text":"milk"}' });
    assert.deepEqual(
      run.activity.map((event) => [event.type, event.tool, isCallActivity(event) ? event.viaBridge : event.via]),
      [
        ['search', undefined, 'tool_search'],
        ['describe', 'mcp_notes_add_note', 'tool_describe'],
        ['call_started', 'mcp_notes_add_note', true],
        ['call_finished', 'mcp_notes_add_note', true],
      ],
    );
  });

  test('shows the model a byte-identical tool array at every step while the tool set does not change', async () => {
    const run = await runScript([
      { calls: [{ tool: 'tool_search', input: { query: 'weather' } }] },
      { calls: [{ tool: 'todo', input: { item: 'check weather' } }] },
      { calls: [{ tool: 'tool_call', input: { name: 'weather_forecast', arguments: { city: 'Oslo' } } }] },
      { text: 'done' },
    ]);
    assert.deepEqual(toolNames(run.requests[0]!.tools), ['todo', 'tool_search', 'tool_describe', 'tool_call']);
    const first = JSON.stringify(run.requests[0]!.tools);
    for (const request of run.requests) assert.equal(JSON.stringify(request.tools), first);
    assert.deepEqual(
      run.received.map((call) => call.tool),
      ['todo', 'weather_forecast'],
    );
  });

  test('returns a guardrail denial as an error result and never runs the tool', async () => {
    const run = await runScript(
      [{ calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_delete_note', arguments: { id: 3 } } }] }, { text: 'ok' }],
      { hooks: { guardrails: [blockDeletes] } },
    );
    assert.deepEqual(run.received, []);
    assert.deepEqual(toolResultsIn(run.requests[1]!.prompt)[0]?.output, {
      type: 'error-text',
      value: JSON.stringify({ error: "Call to 'mcp_notes_delete_note' was denied: deleting is not allowed in this agent", code: 'denied' }),
    });
  });

  test('asks for approval with the real tool name and reports a declined approval to the model', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let asked = '';
    output.on('data', (chunk: Buffer) => {
      asked += chunk.toString();
      if (asked.includes('[y/N]')) input.write('n\n');
    });
    const run = await runScript(
      [
        { calls: [{ tool: 'tool_call', input: { name: 'mcp_calendar_create_event', arguments: { title: 'standup', at: '9:00' } } }] },
        { text: 'ok' },
      ],
      { hooks: { approve: createTerminalApprover({ input, output, needsApproval: (name) => name.startsWith('mcp_calendar_') }) } },
    );
    assert.match(asked, /Allow mcp_calendar_create_event \{"title":"standup","at":"9:00"\}\? \[y\/N\]/);
    assert.deepEqual(run.received, []);
    const result = toolResultsIn(run.requests[1]!.prompt)[0];
    assert.equal(result?.output.type, 'error-text');
    assert.match(String(result?.output.value), /"code":"approval_declined"/);
  });

  test('answers a call to an unknown tool with close names to try', async () => {
    const run = await runScript([{ calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_ad_note', arguments: {} } }] }, { text: 'ok' }]);
    const result = toolResultsIn(run.requests[1]!.prompt)[0];
    assert.equal(result?.output.type, 'error-text');
    const body = JSON.parse(String(result?.output.value)) as { code: string; suggestions: string[] };
    assert.equal(body.code, 'unknown_tool');
    assert.ok(body.suggestions.includes('mcp_notes_add_note'));
  });

  test('redacts secrets from a result before the model sees it', async () => {
    const run = await runScript(
      [{ calls: [{ tool: 'tool_call', input: { name: 'mcp_notes_read_secret', arguments: {} } }] }, { text: 'ok' }],
      { hooks: { afterCall: [redactSecrets] } },
    );
    assert.deepEqual(toolResultsIn(run.requests[1]!.prompt)[0]?.output, { type: 'text', value: 'api_key=[REDACTED]' });
    assert.doesNotMatch(JSON.stringify(run.requests[1]!.prompt), /sk-live/);
  });

  test('keeps a subagent inside its toolsets: it can neither find nor call a tool outside them', async () => {
    const run = await runScript(
      [
        { calls: [{ tool: 'tool_search', input: { query: 'create calendar event' } }] },
        { calls: [{ tool: 'tool_call', input: { name: 'mcp_calendar_create_event', arguments: { title: 'x', at: 'y' } } }] },
        { calls: [{ tool: 'mcp_calendar_create_event', input: { title: 'x', at: 'y' } }] },
        { text: 'ok' },
      ],
      {},
      ['core', 'mcp-notes'],
    );
    assert.deepEqual(run.received, []);
    const [search, bridged] = toolResultsIn(run.requests[2]!.prompt);
    assert.doesNotMatch(String(search?.output.value), /calendar_create_event/);
    assert.equal(bridged?.output.type, 'error-text');
    assert.match(String(bridged?.output.value), /"code":"unknown_tool"/);
    assert.ok(!toolNames(run.requests[3]!.tools).includes('mcp_calendar_create_event'));
    assert.equal(toolResultsIn(run.requests[3]!.prompt).length, 3);
  });

  test('shows a tool added mid-loop at the next step', async () => {
    const registry: Tool[] = [
      { name: 'todo', description: 'Todo list.', parameters: { type: 'object' }, toolset: 'core', kind: 'core', execute: () => 'ok' },
    ];
    registry.push({
      name: 'install_plugin',
      description: 'Installs the weather plugin.',
      parameters: { type: 'object' },
      toolset: 'core',
      kind: 'core',
      execute: () => {
        registry.push({
          name: 'weather_forecast',
          description: 'Forecast.',
          parameters: { type: 'object' },
          toolset: 'weather',
          kind: 'plugin',
          execute: () => 'sunny',
        });
        return 'installed';
      },
    });
    const session = createToolSearchSession({ tools: () => registry, config: { ...ALWAYS_ON, enabled: 'auto' }, contextLength: 200_000 });
    const model = createScriptedModel([
      { calls: [{ tool: 'install_plugin', input: {} }] },
      { calls: [{ tool: 'weather_forecast', input: {} }] },
      { text: 'done' },
    ]);
    const result = await generateText({ model, ...createAiSdkTools(session), stopWhen: stepCountIs(3), prompt: 'weather?' });
    assert.deepEqual(toolNames(model.doGenerateCalls[0]!.tools), ['todo', 'install_plugin']);
    assert.deepEqual(toolNames(model.doGenerateCalls[1]!.tools), ['todo', 'install_plugin', 'weather_forecast']);
    assert.deepEqual(result.steps[1]?.toolResults[0]?.output, { ok: true, value: 'sunny' });
  });
});

describe('createAiSdkTools with ToolLoopAgent', () => {
  test('plugs into an agent with a subagent limited to one toolset', async () => {
    const received: ReceivedCall[] = [];
    const session = createToolSearchSession({ tools: createSampleTools(received), config: ALWAYS_ON });
    const model = createScriptedModel([
      { calls: [{ tool: 'tool_call', input: { name: 'weather_forecast', arguments: { city: 'Bergen' } } }] },
      { text: 'rain' },
    ]);
    const agent = new ToolLoopAgent({ model, ...createAiSdkTools(session.child({ toolsets: ['weather'] })), stopWhen: stepCountIs(2) });
    const result = await agent.generate({ prompt: 'weather in Bergen?' });
    assert.equal(result.text, 'rain');
    assert.deepEqual(
      received.map((call) => [call.tool, call.arguments]),
      [['weather_forecast', { city: 'Bergen' }]],
    );
    assert.deepEqual(toolNames(model.doGenerateCalls[0]!.tools), ['tool_search', 'tool_describe', 'tool_call']);
  });
});

describe('createAiSdkTools with streamText', () => {
  test('runs the bridge across streamed steps', async () => {
    const received: ReceivedCall[] = [];
    const session = createToolSearchSession({ tools: createSampleTools(received), config: ALWAYS_ON });
    const model = createScriptedModel([
      { calls: [{ tool: 'tool_search', input: { query: 'forecast' } }] },
      { calls: [{ tool: 'tool_call', input: { name: 'weather_forecast', arguments: { city: 'Lima' } } }] },
      { text: 'It is sunny.' },
    ]);
    const result = streamText({ model, ...createAiSdkTools(session), stopWhen: stepCountIs(3), prompt: 'weather in Lima?' });
    assert.equal(await result.text, 'It is sunny.');
    assert.deepEqual(
      received.map((call) => [call.tool, call.arguments]),
      [['weather_forecast', { city: 'Lima' }]],
    );
    assert.equal(JSON.stringify(model.doStreamCalls[0]!.tools), JSON.stringify(model.doStreamCalls[2]!.tools));
  });

  test('passes the abort signal to the real tool behind tool_call', async () => {
    const controller = new AbortController();
    let toolSignal: AbortSignal | undefined;
    const waits = createWaitingTool(controller, (signal) => (toolSignal = signal));
    const session = createToolSearchSession({ tools: [waits], config: ALWAYS_ON });
    const model = createScriptedModel([
      { calls: [{ tool: 'tool_call', input: { name: 'mcp_jobs_wait', arguments: {} } }] },
      { text: 'never' },
    ]);
    const result = streamText({
      model,
      ...createAiSdkTools(session),
      stopWhen: stepCountIs(2),
      prompt: 'wait',
      abortSignal: controller.signal,
    });
    await result.consumeStream();
    assert.equal(toolSignal?.aborted, true);
    assert.equal(model.doStreamCalls.length, 1);
  });
});

describe('fromAiSdkTools behind the bridge', () => {
  test('gives an AI SDK tool run through tool_call the conversation and context of the SDK call', async () => {
    const { tool, jsonSchema } = await import('ai');
    const seen: { messages: unknown[]; context: unknown }[] = [];
    const deferred = await fromAiSdkTools(
      {
        recall: tool({
          description: 'Recall what the user said earlier.',
          inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
          execute: async (_input, options) => {
            seen.push({ messages: options.messages, context: options.experimental_context });
            return 'recalled';
          },
        }),
      },
      { toolset: 'mcp-memory' },
    );
    const session = createToolSearchSession({ tools: deferred, config: ALWAYS_ON });
    const model = createScriptedModel([{ calls: [{ tool: 'tool_call', input: { name: 'recall', arguments: {} } }] }, { text: 'done' }]);
    await generateText({
      model,
      ...createAiSdkTools(session),
      stopWhen: stepCountIs(2),
      prompt: 'remember the milk',
      experimental_context: { user: 'ada' },
    });
    assert.equal(seen.length, 1);
    assert.match(JSON.stringify(seen[0]!.messages), /remember the milk/);
    assert.deepEqual(seen[0]!.context, { user: 'ada' });
  });
});

describe('fromAiSdkTools with an MCP tool source', () => {
  test('runs AI SDK tools and MCP tools through one session', async () => {
    const notes = await createLinkedMcpServer();
    const source = await createMcpToolSource({ clients: { notes: notes.client } });
    try {
      const { tool, jsonSchema } = await import('ai');
      let echoed: unknown;
      const local = await fromAiSdkTools(
        {
          echo: tool({
            description: 'Echo text.',
            inputSchema: jsonSchema<{ text: string }>({ type: 'object', properties: { text: { type: 'string' } } }),
            execute: async (input) => (echoed = input.text),
          }),
        },
        { toolset: 'core' },
      );
      const session = createToolSearchSession({ tools: () => [...local, ...source.tools()], config: ALWAYS_ON });
      const model = createScriptedModel([
        {
          calls: [
            { tool: 'echo', input: { text: 'hello' } },
            { tool: 'tool_call', input: { name: 'mcp_notes_add_note', arguments: { text: 'eggs' } } },
          ],
        },
        { text: 'done' },
      ]);
      await generateText({ model, ...createAiSdkTools(session), stopWhen: stepCountIs(2), prompt: 'go' });
      assert.equal(echoed, 'hello');
      assert.deepEqual(notes.calls, [{ tool: 'add_note', arguments: { text: 'eggs' } }]);
      assert.deepEqual(toolNames(model.doGenerateCalls[0]!.tools), ['echo', 'tool_search', 'tool_describe', 'tool_call']);
      assert.deepEqual(
        toolResultsIn(model.doGenerateCalls[1]!.prompt).map((part) => part.output),
        [
          { type: 'text', value: 'hello' },
          { type: 'text', value: 'added: eggs' },
        ],
      );
    } finally {
      source.close();
      await notes.close();
    }
  });
});
