import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_RESTART_BACKOFF, restartDelay } from '../../src/gateway/index.ts';

describe('restartDelay', () => {
  test('doubles from one second per failure and stops at thirty', () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 50].map((failures) => restartDelay(failures)),
      [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000],
    );
    assert.deepEqual(DEFAULT_RESTART_BACKOFF, { initialMs: 1_000, maxMs: 30_000 });
  });

  test('follows a configured backoff', () => {
    assert.deepEqual(
      [0, 1, 2, 3].map((failures) => restartDelay(failures, { initialMs: 300, maxMs: 1_000 })),
      [300, 300, 600, 1_000],
    );
  });
});
