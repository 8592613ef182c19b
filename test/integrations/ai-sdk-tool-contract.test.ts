import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { generateText, jsonSchema, stepCountIs, tool, type ModelMessage } from 'ai';
import { createToolSearchSession } from '../../src/index.ts';
import { createAiSdkTools, fromAiSdkTools } from '../../src/integrations/ai-sdk/index.ts';
import { ALWAYS_ON } from './fixtures/sample-tools.ts';
import { createScriptedModel } from './fixtures/scripted-language-model.ts';

/** A deferred AI SDK tool whose own `needsApproval` asks for transfers over 100. */
async function createBankSession(transfers: number[]) {
  const bank = await fromAiSdkTools(
    {
      transfer_money: tool({
        description: 'Transfer an amount of money.',
        inputSchema: jsonSchema<{ amount: number }>({ type: 'object', properties: { amount: { type: 'number' } } }),
        needsApproval: async (input) => input.amount > 100,
        execute: async (input) => {
          transfers.push(input.amount);
          return `sent ${input.amount}`;
        },
      }),
    },
    { toolset: 'bank' },
  );
  return createToolSearchSession({ tools: bank, config: ALWAYS_ON });
}

async function requestApproval(amount: number, transfers: number[]) {
  const session = await createBankSession(transfers);
  const model = createScriptedModel([
    { calls: [{ tool: 'tool_call', input: { name: 'transfer_money', arguments: { amount } } }] },
    { text: 'done' },
  ]);
  const toolSearch = createAiSdkTools(session);
  const prompt: ModelMessage[] = [{ role: 'user', content: 'pay' }];
  const first = await generateText({ model, ...toolSearch, stopWhen: stepCountIs(3), messages: prompt });
  const request = first.content.find((part) => part.type === 'tool-approval-request');
  const answer = async (approved: boolean) =>
    generateText({
      model,
      ...toolSearch,
      stopWhen: stepCountIs(3),
      messages: [
        ...prompt,
        ...first.response.messages,
        { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: request!.approvalId, approved }] },
      ],
    });
  return { request, answer };
}

describe("createAiSdkTools, fromAiSdkTools and the AI SDK's own tool contract", () => {
  test('asks the SDK for approval of a bridged call when the real tool needs it, and runs it once approved', async () => {
    const transfers: number[] = [];
    const { request, answer } = await requestApproval(500, transfers);
    assert.equal(request?.toolCall.toolName, 'tool_call');
    assert.deepEqual(transfers, []);
    const second = await answer(true);
    assert.deepEqual(transfers, [500]);
    assert.equal(second.text, 'done');
  });

  test('never runs the real tool when the approval is denied', async () => {
    const transfers: number[] = [];
    const { answer } = await requestApproval(500, transfers);
    await answer(false);
    assert.deepEqual(transfers, []);
  });

  test('runs a bridged call without asking when the real tool says no approval is needed', async () => {
    const transfers: number[] = [];
    const { request } = await requestApproval(20, transfers);
    assert.equal(request, undefined);
    assert.deepEqual(transfers, [20]);
  });

  test("checks bridged arguments against the tool's own schema and tells the model what was wrong", async () => {
    const { z } = await import('zod');
    let received: unknown;
    const tools = await fromAiSdkTools(
      {
        set_volume: tool({
          description: 'Set the volume.',
          inputSchema: z.object({ level: z.number().max(10), unit: z.string().default('step') }),
          execute: async (input) => (received = input),
        }),
      },
      { toolset: 'audio' },
    );
    const session = createToolSearchSession({ tools, config: ALWAYS_ON });
    const tooLoud = await session.call('tool_call', { name: 'set_volume', arguments: { level: 11 } });
    assert.ok(
      !tooLoud.ok &&
        tooLoud.error.code === 'tool_failed' &&
        tooLoud.error.message.startsWith("Tool 'set_volume' failed: the arguments do not match its schema"),
    );
    assert.equal(received, undefined);
    await session.call('tool_call', { name: 'set_volume', arguments: { level: 3 } });
    assert.deepEqual(received, { level: 3, unit: 'step' });
  });
});
