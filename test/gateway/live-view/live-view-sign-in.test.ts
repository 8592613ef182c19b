import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLiveViewSignIn, normalizeCode } from '../../../src/gateway/live-view/live-view-sign-in.ts';

/** Bytes counting up from `start`: codes and cookie values that differ, known in advance. */
function countingRandom(): (size: number) => Buffer {
  let next = 0;
  return (size) => Buffer.from(Array.from({ length: size }, () => next++ % 256));
}

describe('createLiveViewSignIn', () => {
  test('makes a code of 20 characters of Crockford base 32 in groups of four', () => {
    const code = createLiveViewSignIn().currentCode();
    assert.match(code, /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){4}$/);
  });

  test('exchanges the code once for a cookie value of its own, then makes the next code', () => {
    const signIn = createLiveViewSignIn({ random: countingRandom() });
    const code = signIn.currentCode();
    const first = signIn.exchange(code);
    assert.ok(first.ok);
    assert.equal(first.maxAgeSeconds, 12 * 60 * 60);
    assert.notEqual(first.nextCode, code);
    assert.equal(signIn.currentCode(), first.nextCode);
    assert.equal(signIn.check(first.cookieValue), 'signed-in');
    assert.deepEqual(signIn.exchange(code), { ok: false, reason: 'used' }, 'a used code opens nothing again');
    assert.deepEqual(signIn.exchange('ABCD-EFGH-JKMN-PQRS-TVWX'), { ok: false, reason: 'wrong' });
  });

  test('reads a code as people type it: lower case, spaces, no dashes, O for 0 and I or L for 1', () => {
    assert.equal(normalizeCode(' abcd efgh-0o1il '), 'ABCDEFGH00111');
    const signIn = createLiveViewSignIn();
    const typed = signIn.currentCode().toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l');
    assert.equal(signIn.exchange(typed).ok, true);
  });

  test('a sign-in ends when it expires or the browser signs out', () => {
    let now = 1_000;
    const signIn = createLiveViewSignIn({ signInMs: 60_000, now: () => now });
    const first = signIn.exchange(signIn.currentCode());
    const second = signIn.exchange(signIn.currentCode());
    assert.ok(first.ok && second.ok);
    signIn.signOut(first.cookieValue);
    assert.equal(signIn.check(first.cookieValue), 'unknown');
    assert.equal(signIn.check(second.cookieValue), 'signed-in');
    now += 60_000;
    assert.equal(signIn.check(second.cookieValue), 'expired');
    assert.equal(signIn.check(second.cookieValue), 'unknown', 'an expired sign-in is forgotten once reported');
  });

  test('keeps at most maxSignedIn browsers: one more pushes out the first', () => {
    const signIn = createLiveViewSignIn({ maxSignedIn: 2 });
    const values = [1, 2, 3].map(() => {
      const exchanged = signIn.exchange(signIn.currentCode());
      assert.ok(exchanged.ok);
      return exchanged.cookieValue;
    });
    assert.deepEqual(
      values.map((value) => signIn.check(value)),
      ['unknown', 'signed-in', 'signed-in'],
    );
    assert.equal(signIn.signedInCount(), 2);
  });

  test('a cookie value that was never given opens nothing', () => {
    const signIn = createLiveViewSignIn();
    assert.equal(signIn.check(undefined), 'unknown');
    assert.equal(signIn.check(''), 'unknown');
    assert.equal(signIn.check(signIn.currentCode()), 'unknown', 'not even the code itself');
  });
});
