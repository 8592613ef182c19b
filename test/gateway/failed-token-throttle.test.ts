import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createFailedTokenThrottle } from '../../src/gateway/failed-token-throttle.ts';

describe('createFailedTokenThrottle', () => {
  test('lets 20 failures a minute through and holds back the 21st until the first is a minute old', () => {
    const throttle = createFailedTokenThrottle({ limit: 20, windowMs: 60_000 });
    for (let second = 0; second < 20; second++) assert.equal(throttle.fail(second * 1_000), undefined, `failure ${second + 1}`);
    assert.equal(throttle.fail(20_000), 40);
    assert.equal(throttle.fail(59_500), 2);
    // A minute after the first failure, the window has room again.
    assert.equal(throttle.fail(61_000), 1, 'failures while held back count too, so a steady guesser stays held back');
    assert.equal(throttle.fail(200_000), undefined);
  });

  test('keeps at most `limit` times, however many failures there are', () => {
    const throttle = createFailedTokenThrottle({ limit: 3, windowMs: 1_000 });
    for (let time = 0; time < 100_000; time++) throttle.fail(time);
    assert.equal(throttle.retained(), 3);
  });
});
