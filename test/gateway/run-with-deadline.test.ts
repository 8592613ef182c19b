import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { GatewayTimers } from '../../src/gateway/gateway-timers.ts';
import { DeadlineExceededError, runWithDeadline } from '../../src/gateway/run-with-deadline.ts';

/** Timers that fire only when the test says so. */
function manualTimers(): GatewayTimers & { fire(): void; pending(): number[] } {
  const scheduled = new Map<number, { callback: () => void; milliseconds: number }>();
  let next = 0;
  return {
    setTimeout: (callback, milliseconds) => {
      scheduled.set(++next, { callback, milliseconds });
      return next;
    },
    clearTimeout: (handle) => void scheduled.delete(handle as number),
    now: () => 0,
    fire: () => {
      for (const [handle, { callback }] of scheduled) {
        scheduled.delete(handle);
        callback();
      }
    },
    pending: () => [...scheduled.values()].map((entry) => entry.milliseconds),
  };
}

/** A request that settles only when its signal aborts, rejecting with the signal's reason as the MCP SDK does. */
const untilAborted = (signal: AbortSignal): Promise<never> =>
  new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error(`aborted: ${String(signal.reason)}`))));

describe('runWithDeadline', () => {
  test('aborts the request when the limit runs out, and rejects saying so', async () => {
    const timers = manualTimers();
    let seen: AbortSignal | undefined;
    const running = runWithDeadline((signal) => ((seen = signal), untilAborted(signal)), { limitMs: 600_000, timers });
    assert.deepEqual(timers.pending(), [600_000]);
    timers.fire();
    await assert.rejects(running, (error: unknown) => error instanceof DeadlineExceededError && error.limitMs === 600_000);
    assert.ok(seen?.reason instanceof DeadlineExceededError);
  });

  test("passes the caller's cancellation on, and rejects with what the request said", async () => {
    const timers = manualTimers();
    const caller = new AbortController();
    const running = runWithDeadline(untilAborted, { limitMs: 1_000, timers, signal: caller.signal });
    caller.abort('the user pressed stop');
    await assert.rejects(running, { message: 'aborted: the user pressed stop' });
    assert.deepEqual(timers.pending(), []);
  });

  test('returns the answer and clears its timer', async () => {
    const timers = manualTimers();
    assert.equal(await runWithDeadline(async () => 'done', { limitMs: 1_000, timers }), 'done');
    assert.deepEqual(timers.pending(), []);
  });
});
