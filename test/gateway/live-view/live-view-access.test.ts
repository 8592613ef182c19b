import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  checkLiveViewAccess,
  liveViewCookieClearing,
  liveViewCookieHeader,
  liveViewCookieName,
  readCookie,
  signedOutMessage,
  type LiveViewAccessPolicy,
} from '../../../src/gateway/live-view/live-view-access.ts';

const SIGNED_IN_VALUE = 'a-signed-in-browser';
const POLICY: LiveViewAccessPolicy = {
  allowedHosts: ['127.0.0.1:4000', 'localhost:4000'],
  allowedOrigins: [],
  cookieName: liveViewCookieName(4000),
  checkSignIn: (value) => (value === SIGNED_IN_VALUE ? 'signed-in' : value === 'an-old-browser' ? 'expired' : 'unknown'),
};

describe('checkLiveViewAccess', () => {
  test('lets in a browser whose cookie is signed in', () => {
    assert.deepEqual(checkLiveViewAccess({ host: '127.0.0.1:4000', cookie: `other=1; ${POLICY.cookieName}=${SIGNED_IN_VALUE}` }, POLICY), {
      kind: 'signed-in',
      cookieValue: SIGNED_IN_VALUE,
    });
  });

  test('sends a browser without a cookie, or with an expired or unknown one, to the sign-in, saying which', () => {
    assert.deepEqual(checkLiveViewAccess({ host: '127.0.0.1:4000' }, POLICY), { kind: 'signed-out', why: 'unknown' });
    assert.deepEqual(checkLiveViewAccess({ host: '127.0.0.1:4000', cookie: `${POLICY.cookieName}=an-old-browser` }, POLICY), {
      kind: 'signed-out',
      why: 'expired',
    });
    assert.deepEqual(checkLiveViewAccess({ host: 'localhost:4000', cookie: `${POLICY.cookieName}=made-up` }, POLICY), {
      kind: 'signed-out',
      why: 'unknown',
    });
  });

  test('checks Host and Origin first, as the MCP endpoint does, even with a signed-in cookie', () => {
    const cookie = `${POLICY.cookieName}=${SIGNED_IN_VALUE}`;
    const rebinding = checkLiveViewAccess({ host: 'evil.example:4000', cookie }, POLICY);
    assert.equal(rebinding.kind === 'refused' && rebinding.refusal.status, 403);
    const crossSite = checkLiveViewAccess({ host: '127.0.0.1:4000', origin: 'https://evil.example', cookie }, POLICY);
    assert.equal(crossSite.kind === 'refused' && crossSite.refusal.status, 403);
  });

  test('names the cookie per port: two gateways on one host keep their own', () => {
    assert.notEqual(liveViewCookieName(4000), liveViewCookieName(4001));
    assert.equal(readCookie('a=1; tool_search_view_4001=x', liveViewCookieName(4000)), undefined);
  });
});

describe('the live view cookie', () => {
  test('is HttpOnly and SameSite=Strict with an expiry, and signing out drops it', () => {
    assert.equal(
      liveViewCookieHeader('tool_search_view_4000', 'v', 43_200),
      'tool_search_view_4000=v; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict',
    );
    assert.equal(liveViewCookieClearing('tool_search_view_4000'), 'tool_search_view_4000=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
  });

  test('a browser that is not signed in is told why and how to sign in', () => {
    assert.match(
      signedOutMessage('expired', 43_200_000),
      /^This browser's sign-in expired \(a sign-in lasts 12 hours\): sign in with the one-time code the gateway printed last/,
    );
    assert.match(
      signedOutMessage('unknown', 43_200_000),
      /^Not signed in \(the gateway may have restarted, or this browser signed out; a sign-in lasts 12 hours\)/,
    );
  });
});
