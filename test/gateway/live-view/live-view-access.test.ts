import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkLiveViewAccess, liveViewCookieName, liveViewCookieValue, readCookie, type LiveViewAccessPolicy } from '../../../src/gateway/live-view/live-view-access.ts';

const POLICY: LiveViewAccessPolicy = {
  allowedHosts: ['127.0.0.1:4000', 'localhost:4000'],
  allowedOrigins: [],
  token: 'the-page-token-0123456789',
  cookieName: liveViewCookieName(4000),
};
const SIGNED_IN = `${POLICY.cookieName}=${liveViewCookieValue(POLICY.token)}`;

describe('checkLiveViewAccess', () => {
  test('lets in a browser with the right cookie', () => {
    assert.deepEqual(checkLiveViewAccess({ host: '127.0.0.1:4000', cookie: `other=1; ${SIGNED_IN}` }, undefined, POLICY), { kind: 'allowed' });
  });

  test('signs in with the right token, giving a cookie value that is not the token', () => {
    const verdict = checkLiveViewAccess({ host: 'localhost:4000' }, POLICY.token, POLICY);
    assert.deepEqual(verdict, { kind: 'sign-in', cookieValue: liveViewCookieValue(POLICY.token) });
    assert.notEqual(liveViewCookieValue(POLICY.token), POLICY.token);
  });

  test('refuses a wrong token, a missing cookie and a cookie made for another token, with 401', () => {
    for (const [cookie, token] of [[SIGNED_IN, 'wrong'], [undefined, undefined], [`${POLICY.cookieName}=${liveViewCookieValue('another-token')}`, undefined]] as const) {
      const verdict = checkLiveViewAccess({ host: '127.0.0.1:4000', cookie }, token, POLICY);
      assert.equal(verdict.kind === 'refused' && verdict.refusal.status, 401);
      assert.ok(verdict.kind === 'refused' && !verdict.refusal.message.includes(POLICY.token));
    }
  });

  test('checks Host and Origin first, as the MCP endpoint does, even with the right cookie', () => {
    const rebinding = checkLiveViewAccess({ host: 'evil.example:4000', cookie: SIGNED_IN }, undefined, POLICY);
    assert.equal(rebinding.kind === 'refused' && rebinding.refusal.status, 403);
    const crossSite = checkLiveViewAccess({ host: '127.0.0.1:4000', origin: 'https://evil.example', cookie: SIGNED_IN }, POLICY.token, POLICY);
    assert.equal(crossSite.kind === 'refused' && crossSite.refusal.status, 403);
  });

  test('names the cookie per port: two gateways on one host keep their own', () => {
    assert.notEqual(liveViewCookieName(4000), liveViewCookieName(4001));
    assert.equal(readCookie('a=1; tool_search_view_4001=x', liveViewCookieName(4000)), undefined);
  });
});
