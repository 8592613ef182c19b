import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { describe, test } from 'node:test';
import type { GatewayTimers } from '../../src/gateway/gateway-timers.ts';
import { StartTimeoutError, watchStart } from '../../src/gateway/start-deadline.ts';

/** A clock that moves only from one scheduled timer to the next, as the test asks. */
function virtualTimers(): GatewayTimers & { runUntil(stop: () => boolean): Promise<void>; pending(): number } {
  let now = 0;
  let next = 0;
  const scheduled = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout: (callback, milliseconds) => {
      scheduled.set(++next, { at: now + milliseconds, callback });
      return next;
    },
    clearTimeout: (handle) => void scheduled.delete(handle as number),
    now: () => now,
    async runUntil(stop) {
      await setImmediate();
      while (!stop() && scheduled.size > 0) {
        const [handle, timer] = [...scheduled].sort((left, right) => left[1].at - right[1].at)[0]!;
        scheduled.delete(handle);
        now = timer.at;
        timer.callback();
        // The check awaits the signs of work: let it run before the next timer.
        await setImmediate();
      }
    },
    pending: () => scheduled.size,
  };
}

/** Runs a watch to its end and returns why it gave up. */
async function givenUp(limits: { quietMs: number; maxMs: number }, signsOfWork?: (now: number) => string): Promise<StartTimeoutError> {
  const timers = virtualTimers();
  const deadline = watchStart({
    limits,
    timers,
    ...(signsOfWork === undefined ? {} : { signsOfWork: async () => signsOfWork(timers.now()) }),
  });
  await timers.runUntil(() => deadline.signal.aborted);
  const reason: unknown = deadline.signal.reason;
  assert.ok(reason instanceof StartTimeoutError, 'the signal was aborted with a StartTimeoutError');
  return reason;
}

describe('watchStart', () => {
  test('gives up after quietMs when there is nothing to watch (a remote server)', async () => {
    const error = await givenUp({ quietMs: 20_000, maxMs: 120_000 });
    assert.deepEqual([error.reason, error.elapsedMs, error.watched], ['quiet', 20_000, false]);
  });

  test('gives up after quietMs on a server that shows no sign of work', async () => {
    const error = await givenUp({ quietMs: 20_000, maxMs: 120_000 }, () => 'the same');
    assert.deepEqual([error.reason, error.elapsedMs, error.watched], ['quiet', 20_000, true]);
  });

  test('waits for a server that keeps working, up to maxMs', async () => {
    const error = await givenUp({ quietMs: 20_000, maxMs: 120_000 }, (now) => `cpu ${now}`);
    assert.deepEqual([error.reason, error.elapsedMs], ['limit', 120_000]);
    assert.equal(error.message, 'still starting after 120000 ms (timeouts.connect_max_ms)');
  });

  test('gives up quietMs after the last sign of work', async () => {
    const error = await givenUp({ quietMs: 20_000, maxMs: 120_000 }, (now) => `cpu ${Math.min(now, 30_000)}`);
    assert.deepEqual([error.reason, error.elapsedMs], ['quiet', 50_000]);
  });

  test('looks four times per quietMs, at least every second, at most every 100 ms', async () => {
    for (const [quietMs, looks] of [
      [20_000, 20],
      [2_000, 4],
      [200, 2],
    ] as const) {
      let count = 0;
      await givenUp({ quietMs, maxMs: 120_000 }, () => {
        count += 1;
        return 'the same';
      });
      // The first call is the baseline taken when the watch begins.
      assert.equal(count - 1, looks, `quietMs ${quietMs}`);
    }
  });

  test('never lets quietMs run past maxMs', async () => {
    const error = await givenUp({ quietMs: 30_000, maxMs: 10_000 }, () => 'the same');
    assert.equal(error.elapsedMs, 10_000);
    assert.equal(error.limits.quietMs, 10_000);
  });

  test('stops watching once disposed (the handshake finished)', async () => {
    const timers = virtualTimers();
    let looks = 0;
    const deadline = watchStart({ limits: { quietMs: 20_000, maxMs: 120_000 }, timers, signsOfWork: async () => `${++looks}` });
    deadline.dispose();
    await timers.runUntil(() => false);
    assert.equal(timers.pending(), 0);
    assert.equal(deadline.signal.aborted, false);
  });
});
