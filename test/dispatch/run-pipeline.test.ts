import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ActivityEvent, DispatchHooks } from '../../src/dispatch/hooks.ts';
import { runPipeline } from '../../src/dispatch/run-pipeline.ts';
import type { Tool, ToolCallContext } from '../../src/tools/tool.ts';
import { makeTool } from '../support/fixtures.ts';

function contextFor(tool: Tool, args: Record<string, unknown> = {}, extra: Partial<ToolCallContext> = {}): ToolCallContext {
  return { name: tool.name, tool, arguments: args, viaBridge: false, sessionId: 's1', callId: 'c1', ...extra };
}

function clock(...times: number[]) {
  let index = 0;
  return () => times[Math.min(index++, times.length - 1)]!;
}

describe('runPipeline', () => {
  it('runs hooks, guardrails, approval, the tool and post-call hooks in that order', async () => {
    const order: string[] = [];
    const tool = makeTool('mcp_x_run', 'Run', { execute: () => (order.push('tool'), 'done') });
    const hooks: DispatchHooks = {
      beforeCall: [() => void order.push('before')],
      guardrails: [() => void order.push('guardrail')],
      approve: () => (order.push('approve'), true),
      afterCall: [() => void order.push('after')],
      onActivity: (event) => void order.push(event.type),
    };
    const outcome = await runPipeline(contextFor(tool), { hooks, now: clock(0, 5) });
    assert.deepEqual(outcome, { ok: true, value: 'done' });
    assert.deepEqual(order, ['call_started', 'before', 'guardrail', 'approve', 'tool', 'after', 'call_finished']);
  });

  it('lets a pre-call hook replace the arguments every later stage sees', async () => {
    const seen: unknown[] = [];
    const tool = makeTool('mcp_x_run', 'Run', { execute: (args) => args });
    const outcome = await runPipeline(contextFor(tool, { path: '/etc/passwd' }), {
      hooks: {
        beforeCall: [() => ({ arguments: { path: '/tmp/safe' } })],
        guardrails: [(call) => void seen.push(call.arguments)],
      },
      now: Date.now,
    });
    assert.deepEqual(outcome, { ok: true, value: { path: '/tmp/safe' } });
    assert.deepEqual(seen, [{ path: '/tmp/safe' }]);
  });

  it('stops at a blocking hook without running the tool', async () => {
    let ran = false;
    const tool = makeTool('mcp_x_run', 'Run', { execute: () => (ran = true) });
    const outcome = await runPipeline(contextFor(tool), { hooks: { beforeCall: [() => ({ block: 'read-only session' })] }, now: Date.now });
    assert.deepEqual(outcome, { ok: false, error: { code: 'blocked', message: "Call to 'mcp_x_run' was blocked: read-only session" } });
    assert.equal(ran, false);
  });

  it('denies through a guardrail', async () => {
    const tool = makeTool('mcp_x_delete', 'Delete', { execute: () => 'gone' });
    const outcome = await runPipeline(contextFor(tool), {
      hooks: { guardrails: [(call) => (call.name.includes('delete') ? { deny: 'deleting is not allowed' } : undefined)] },
      now: Date.now,
    });
    assert.deepEqual(outcome, {
      ok: false,
      error: { code: 'denied', message: "Call to 'mcp_x_delete' was denied: deleting is not allowed" },
    });
  });

  it('refuses when approval is declined, with the reason', async () => {
    const tool = makeTool('mcp_x_merge', 'Merge', { execute: () => 'merged' });
    const outcome = await runPipeline(contextFor(tool), {
      hooks: { approve: () => ({ approved: false, reason: 'not today' }) },
      now: Date.now,
    });
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        code: 'approval_declined',
        message: "The user did not approve the call to 'mcp_x_merge': not today Do not retry it unasked.",
      },
    });
  });

  it('fails closed when a hook or approver throws', async () => {
    const tool = makeTool('mcp_x_run', 'Run', { execute: () => 'ran' });
    const broken = await runPipeline(contextFor(tool), {
      hooks: {
        beforeCall: [
          () => {
            throw new Error('hook bug');
          },
        ],
      },
      now: Date.now,
    });
    assert.equal(!broken.ok && broken.error.code, 'blocked');
    const approval = await runPipeline(contextFor(tool), {
      hooks: { approve: () => Promise.reject(new Error('no terminal')) },
      now: Date.now,
    });
    assert.equal(!approval.ok && approval.error.message, "Approval for 'mcp_x_run' could not be obtained: no terminal");
  });

  it('turns a throwing tool into a tool_failed outcome', async () => {
    const tool = makeTool('mcp_x_run', 'Run', {
      execute: () => {
        throw new Error('upstream 500');
      },
    });
    const outcome = await runPipeline(contextFor(tool), { hooks: {}, now: Date.now });
    assert.deepEqual(outcome, { ok: false, error: { code: 'tool_failed', message: "Tool 'mcp_x_run' failed: upstream 500" } });
  });

  it('lets a post-call hook rewrite the result (redaction)', async () => {
    const tool = makeTool('mcp_x_env', 'Env', { execute: () => 'TOKEN=ghp_secret123 HOME=/root' });
    const outcome = await runPipeline(contextFor(tool), {
      hooks: {
        afterCall: [
          (_call, result) => (result.ok ? { ok: true, value: String(result.value).replace(/ghp_\w+/g, '[redacted]') } : undefined),
        ],
      },
      now: Date.now,
    });
    assert.deepEqual(outcome, { ok: true, value: 'TOKEN=[redacted] HOME=/root' });
  });

  it('uses the environment executor for tools without their own', async () => {
    const tool = makeTool('mcp_x_run', 'Run');
    const outcome = await runPipeline(contextFor(tool, { a: 1 }), {
      hooks: {},
      now: Date.now,
      execute: (target, args) => ({ target: target.name, args }),
    });
    assert.deepEqual(outcome, { ok: true, value: { target: 'mcp_x_run', args: { a: 1 } } });
  });

  it('says when nothing can execute a tool', async () => {
    const outcome = await runPipeline(contextFor(makeTool('mcp_x_run', 'Run')), { hooks: {}, now: Date.now });
    assert.equal(!outcome.ok && outcome.error.code, 'no_executor');
  });

  it('does not start a call whose signal is already aborted', async () => {
    let ran = false;
    const tool = makeTool('mcp_x_run', 'Run', { execute: () => (ran = true) });
    const controller = new AbortController();
    controller.abort();
    const outcome = await runPipeline(contextFor(tool, {}, { signal: controller.signal }), { hooks: {}, now: Date.now });
    assert.equal(!outcome.ok && outcome.error.code, 'cancelled');
    assert.equal(ran, false);
  });

  it('reports the real tool, outcome and duration in activity events', async () => {
    const events: ActivityEvent[] = [];
    const tool = makeTool('mcp_x_run', 'Run', { toolset: 'mcp-x', execute: () => 'ok' });
    await runPipeline(contextFor(tool, {}, { viaBridge: true }), {
      hooks: { onActivity: (event) => events.push(event) },
      now: clock(1_000, 1_250),
    });
    assert.deepEqual(events, [
      {
        type: 'call_started',
        time: '1970-01-01T00:00:01.000Z',
        sessionId: 's1',
        callId: 'c1',
        tool: 'mcp_x_run',
        toolset: 'mcp-x',
        viaBridge: true,
      },
      {
        type: 'call_finished',
        time: '1970-01-01T00:00:01.250Z',
        sessionId: 's1',
        callId: 'c1',
        tool: 'mcp_x_run',
        toolset: 'mcp-x',
        viaBridge: true,
        outcome: 'ok',
        durationMs: 250,
        result: 'ok',
        arguments: {},
      },
    ]);
  });

  it('keeps the outcome when an activity listener throws', async () => {
    const tool = makeTool('mcp_x_run', 'Run', { execute: () => 'fine' });
    const outcome = await runPipeline(contextFor(tool), {
      hooks: {
        onActivity: () => {
          throw new Error('log full');
        },
      },
      now: Date.now,
    });
    assert.deepEqual(outcome, { ok: true, value: 'fine' });
  });
});
