import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createToolSearchSession, type Tool } from '../../src/index.ts';
import { runAnthropicToolUses } from '../../src/integrations/anthropic/index.ts';
import { runChatToolCalls, runResponsesToolCalls } from '../../src/integrations/openai/index.ts';

/**
 * Two tools that each wait for the other to have started: run at the same time, both answer
 * "together"; run one after another, the first gives up waiting and answers "alone".
 */
function createRendezvousTools(): Tool[] {
  let started = 0;
  let release: () => void = () => undefined;
  const bothStarted = new Promise<void>((resolve) => (release = resolve));
  const execute = async () => {
    started += 1;
    if (started === 2) release();
    const outcome = await Promise.race([
      bothStarted.then(() => 'together'),
      new Promise<string>((resolve) => setTimeout(() => resolve('alone'), 1_000)),
    ]);
    return outcome;
  };
  return ['left', 'right'].map((name) => ({
    name,
    description: `The ${name} half.`,
    parameters: { type: 'object', properties: {} },
    toolset: 'core',
    kind: 'core',
    execute,
  }));
}

const texts = (values: readonly string[]) => [...values];

describe('provider helpers with parallel: true', () => {
  test("Chat Completions runs a message's calls at the same time and answers in the model's order", async () => {
    const message = {
      tool_calls: [
        { id: 'a', type: 'function' as const, function: { name: 'left', arguments: '{}' } },
        { id: 'b', type: 'function' as const, function: { name: 'right', arguments: '{}' } },
      ],
    };
    const together = await runChatToolCalls(createToolSearchSession({ tools: createRendezvousTools() }), message, { parallel: true });
    assert.deepEqual(
      together.map((reply) => reply.tool_call_id),
      ['a', 'b'],
    );
    assert.deepEqual(texts(together.map((reply) => String(reply.content))), ['together', 'together']);
    const inTurn = await runChatToolCalls(createToolSearchSession({ tools: createRendezvousTools() }), message);
    assert.deepEqual(texts(inTurn.map((reply) => String(reply.content))), ['alone', 'together'], 'by default one after another');
  });

  test('Responses and Anthropic Messages do the same', async () => {
    const output = [
      { type: 'function_call' as const, call_id: 'a', name: 'left', arguments: '{}' },
      { type: 'function_call' as const, call_id: 'b', name: 'right', arguments: '{}' },
    ];
    const responses = await runResponsesToolCalls(createToolSearchSession({ tools: createRendezvousTools() }), output as never, {
      parallel: true,
    });
    assert.deepEqual(
      responses.map((item) => [item.call_id, item.output]),
      [
        ['a', 'together'],
        ['b', 'together'],
      ],
    );
    const content = [
      { type: 'tool_use' as const, id: 'a', name: 'left', input: {} },
      { type: 'tool_use' as const, id: 'b', name: 'right', input: {} },
    ];
    const anthropic = await runAnthropicToolUses(createToolSearchSession({ tools: createRendezvousTools() }), content as never, {
      parallel: true,
    });
    assert.deepEqual(
      anthropic.content.map((block) => [block.tool_use_id, block.content]),
      [
        ['a', 'together'],
        ['b', 'together'],
      ],
    );
  });
});
