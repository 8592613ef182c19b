import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ArgumentValidator } from '../../src/dispatch/argument-validator.ts';
import type { ActivityEvent } from '../../src/dispatch/hooks.ts';
import { runPipeline } from '../../src/dispatch/run-pipeline.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { makeTool } from '../support/fixtures.ts';

/** A validator that refuses any `title` that is not a string, and records which tools it was asked about. */
function titleValidator(asked: string[] = []): ArgumentValidator {
  return (tool) => {
    asked.push(tool.name);
    return (args) => (typeof args['title'] === 'string' ? [] : [{ path: '/title', message: 'must be string' }]);
  };
}

const parameters = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };

function call(tool: Tool, args: Record<string, unknown>, viaBridge = false) {
  return { name: tool.name, tool, arguments: args, viaBridge, sessionId: 's1', callId: 'c1' };
}

describe('runPipeline: the argument check', () => {
  it('refuses bad arguments before hooks, guardrails, approval and the tool see the call', async () => {
    const order: string[] = [];
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => void order.push('tool') });
    const outcome = await runPipeline(call(tool, { title: 5 }), {
      validateArguments: titleValidator(),
      hooks: {
        beforeCall: [() => void order.push('before')],
        guardrails: [() => void order.push('guardrail')],
        approve: () => (order.push('approve'), true),
        afterCall: [() => void order.push('after')],
      },
      now: () => 0,
    });
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        code: 'invalid_arguments',
        message: [
          "The arguments for 'mcp_x_create' do not match its parameters:",
          '- /title: must be string',
          'Parameters of mcp_x_create: title (string, required). Fix the arguments and call it again.',
        ].join('\n'),
      },
    });
    assert.deepEqual(order, []);
  });

  it('reports a refused call in the activity feed like other refusals', async () => {
    const events: ActivityEvent[] = [];
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'made' });
    await runPipeline(call(tool, {}, true), {
      validateArguments: titleValidator(),
      hooks: { onActivity: (event) => void events.push(event) },
      now: () => 0,
    });
    assert.deepEqual(
      events.map((event) => [
        event.type,
        'tool' in event ? event.tool : undefined,
        'outcome' in event ? event.outcome : undefined,
        'viaBridge' in event ? event.viaBridge : undefined,
      ]),
      [
        ['call_started', 'mcp_x_create', undefined, true],
        ['call_finished', 'mcp_x_create', 'error', true],
      ],
    );
  });

  it("names the refusal's code on the finished event, so an observer can tell it from a tool that failed", async () => {
    const events: ActivityEvent[] = [];
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'made' });
    await runPipeline(call(tool, { title: 7 }, true), {
      validateArguments: titleValidator(),
      hooks: { onActivity: (event) => void events.push(event) },
      now: () => 0,
    });
    const finished = events.find((event) => event.type === 'call_finished');
    assert.equal(finished?.type === 'call_finished' && finished.code, 'invalid_arguments');
    assert.deepEqual(finished?.type === 'call_finished' && finished.arguments, { title: 7 });
  });

  it('runs the tool when the arguments match', async () => {
    const asked: string[] = [];
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: (args) => `made ${String(args['title'])}` });
    const outcome = await runPipeline(call(tool, { title: 'Ship it' }), {
      validateArguments: titleValidator(asked),
      hooks: {},
      now: () => 0,
    });
    assert.deepEqual(outcome, { ok: true, value: 'made Ship it' });
    assert.deepEqual(asked, ['mcp_x_create']);
  });

  it('runs the tool unchecked when the validator has no check for its schema', async () => {
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'made' });
    const outcome = await runPipeline(call(tool, { title: 5 }), { validateArguments: () => undefined, hooks: {}, now: () => 0 });
    assert.deepEqual(outcome, { ok: true, value: 'made' });
  });

  it('runs the tool unchecked when the validator throws', async () => {
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'made' });
    const broken: ArgumentValidator = () => () => {
      throw new Error('validator bug');
    };
    const outcome = await runPipeline(call(tool, { title: 5 }), { validateArguments: broken, hooks: {}, now: () => 0 });
    assert.deepEqual(outcome, { ok: true, value: 'made' });
  });
});

describe('runPipeline: tool guardrails', () => {
  it('refuse a tool before its arguments are checked, so the refusal names no parameter', async () => {
    const asked: string[] = [];
    const order: string[] = [];
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => void order.push('tool') });
    const outcome = await runPipeline(call(tool, { title: 5 }), {
      validateArguments: titleValidator(asked),
      hooks: {
        toolGuardrails: [(denied) => (denied.name === 'mcp_x_create' ? { deny: 'creating is off' } : undefined)],
        beforeCall: [() => void order.push('before')],
        guardrails: [() => void order.push('guardrail')],
      },
      now: () => 0,
    });
    assert.deepEqual(outcome, { ok: false, error: { code: 'denied', message: "Call to 'mcp_x_create' was denied: creating is off" } });
    assert.deepEqual(asked, [], 'the validator was never asked');
    assert.deepEqual(order, []);
  });

  it('fail closed when one throws', async () => {
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'ran' });
    const outcome = await runPipeline(call(tool, { title: 'ok' }), {
      hooks: {
        toolGuardrails: [
          () => {
            throw new Error('policy store down');
          },
        ],
      },
      now: () => 0,
    });
    assert.deepEqual(outcome, {
      ok: false,
      error: { code: 'denied', message: "Call to 'mcp_x_create' was denied: a tool guardrail failed: policy store down" },
    });
  });

  it('let the call go on when none refuses', async () => {
    const tool = makeTool('mcp_x_create', 'Create', { parameters, execute: () => 'ran' });
    const outcome = await runPipeline(call(tool, { title: 'ok' }), {
      validateArguments: titleValidator(),
      hooks: { toolGuardrails: [() => undefined] },
      now: () => 0,
    });
    assert.deepEqual(outcome, { ok: true, value: 'ran' });
  });
});
