import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { memoizeByText } from '../../src/catalog/memoize-by-text.ts';

describe('memoizeByText', () => {
  it('computes each text once and returns the same value after', () => {
    const seen: string[] = [];
    const length = memoizeByText((text) => {
      seen.push(text);
      return text.length;
    }, 10);
    assert.equal(length('send'), 4);
    assert.equal(length('send'), 4);
    assert.equal(length('message'), 7);
    assert.deepEqual(seen, ['send', 'message']);
  });

  it('starts over when full, so it never holds more than its capacity', () => {
    const seen: string[] = [];
    const upper = memoizeByText((text) => {
      seen.push(text);
      return text.toUpperCase();
    }, 2);
    for (const text of ['a', 'b', 'c', 'a']) assert.equal(upper(text), text.toUpperCase());
    // 'c' found the memo full (a, b) and emptied it, so 'a' is computed again.
    assert.deepEqual(seen, ['a', 'b', 'c', 'a']);
  });
});
