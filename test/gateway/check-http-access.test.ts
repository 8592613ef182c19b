import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { checkHttpAccess, digestToken, isLoopbackOrigin, type HttpAccessPolicy } from '../../src/gateway/check-http-access.ts';
import { resolveHttpAccess } from '../../src/cli/resolve-http-access.ts';
import { UsageError } from '../../src/cli/usage-error.ts';

const TOKEN = 'correct-horse-battery-staple';
const POLICY: HttpAccessPolicy = {
  allowedHosts: ['127.0.0.1:4000', 'localhost:4000'],
  allowedOrigins: ['https://app.example.com'],
  tokenDigest: digestToken(TOKEN),
};
const HOST = '127.0.0.1:4000';
const BEARER = `Bearer ${TOKEN}`;

describe('checkHttpAccess', () => {
  test('lets in a request with the right token and no Origin', () => {
    assert.equal(checkHttpAccess({ host: HOST, authorization: BEARER }, POLICY), undefined);
    assert.equal(checkHttpAccess({ host: 'localhost:4000', authorization: `bearer ${TOKEN}` }, POLICY), undefined);
  });

  test('refuses a foreign Host header before looking at anything else', () => {
    const refusal = checkHttpAccess({ host: 'evil.example:4000', origin: 'https://evil.example', authorization: BEARER }, POLICY);
    assert.equal(refusal?.status, 403);
    assert.equal(
      refusal?.message,
      'Host header "evil.example:4000" is refused (DNS rebinding protection); connect to http://127.0.0.1:4000/mcp',
    );
  });

  test('refuses a foreign Origin with 403 even with the right token', () => {
    const refusal = checkHttpAccess({ host: HOST, origin: 'https://evil.example', authorization: BEARER }, POLICY);
    assert.equal(refusal?.status, 403);
    assert.equal(
      refusal?.message,
      'Origin "https://evil.example" is not allowed: only loopback origins and those listed in the gateway config\'s http.allowed_origins may use it',
    );
  });

  test('checks the Origin before the token, so a foreign page learns nothing about the token', () => {
    assert.equal(checkHttpAccess({ host: HOST, origin: 'null' }, POLICY)?.status, 403);
  });

  test('lets in loopback and listed origins', () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1',
      'http://[::1]:8080',
      'https://localhost',
      'https://app.example.com',
    ]) {
      assert.equal(checkHttpAccess({ host: HOST, origin, authorization: BEARER }, POLICY), undefined, origin);
    }
  });

  test('answers a missing token with 401 and a Bearer challenge', () => {
    const refusal = checkHttpAccess({ host: HOST }, POLICY);
    assert.equal(refusal?.status, 401);
    assert.deepEqual(refusal?.headers, { 'www-authenticate': 'Bearer realm="tool-search"' });
    assert.match(refusal?.message ?? '', /send the header 'Authorization: Bearer <token>'/);
    assert.equal(checkHttpAccess({ host: HOST, authorization: `Basic ${TOKEN}` }, POLICY)?.status, 401);
  });

  test('answers a wrong token of any length with 401, never quoting a token', () => {
    for (const wrong of ['x', TOKEN.replace(/.$/, 'X'), `${TOKEN}${TOKEN}`]) {
      const refusal = checkHttpAccess({ host: HOST, authorization: `Bearer ${wrong}` }, POLICY);
      assert.equal(refusal?.status, 401);
      assert.equal(refusal?.headers['www-authenticate'], 'Bearer realm="tool-search", error="invalid_token"');
      assert.ok(!refusal?.message.includes(wrong) && !refusal?.message.includes(TOKEN));
    }
  });

  test('needs no token when the gateway serves without one', () => {
    assert.equal(checkHttpAccess({ host: HOST }, { ...POLICY, tokenDigest: undefined }), undefined);
  });
});

describe('isLoopbackOrigin', () => {
  test('accepts only origins on this machine, exactly as browsers send them', () => {
    assert.equal(isLoopbackOrigin('http://localhost:3000'), true);
    assert.equal(isLoopbackOrigin('http://127.0.0.1:3000'), true);
    assert.equal(isLoopbackOrigin('http://[::1]:3000'), true);
    assert.equal(isLoopbackOrigin('http://localhost.evil.example'), false);
    assert.equal(isLoopbackOrigin('http://127.0.0.1.nip.io'), false);
    assert.equal(isLoopbackOrigin('http://localhost:3000/path'), false);
    assert.equal(isLoopbackOrigin('null'), false);
  });
});

describe('resolveHttpAccess', () => {
  const inputs = {
    environmentToken: undefined,
    configToken: undefined,
    configPath: '/etc/gateway.yaml',
    allowUnauthenticated: false,
    bindHost: '127.0.0.1',
  };

  test('takes TOOL_SEARCH_HTTP_TOKEN before http.token', () => {
    assert.deepEqual(
      resolveHttpAccess({ ...inputs, environmentToken: 'from-the-environment-0123', configToken: 'from-the-config-file-0123' }),
      { token: 'from-the-environment-0123', source: 'TOOL_SEARCH_HTTP_TOKEN', clients: [] },
    );
    assert.deepEqual(resolveHttpAccess({ ...inputs, configToken: 'from-the-config-file-0123' }), {
      token: 'from-the-config-file-0123',
      source: 'http.token in /etc/gateway.yaml',
      clients: [],
    });
  });

  test('refuses to serve without a token, saying how to set one', () => {
    assert.throws(
      () => resolveHttpAccess(inputs),
      (error: unknown) => {
        assert.ok(error instanceof UsageError);
        assert.match(
          error.message,
          /^--http needs a bearer token .* set TOOL_SEARCH_HTTP_TOKEN .* or http\.token in the config .* or pass --allow-unauthenticated/,
        );
        return true;
      },
    );
  });

  test('refuses an empty TOOL_SEARCH_HTTP_TOKEN', () => {
    assert.throws(() => resolveHttpAccess({ ...inputs, environmentToken: '' }), {
      message: 'TOOL_SEARCH_HTTP_TOKEN is empty; set it to the token clients must send, or unset it',
    });
  });

  test('serves without a token only when asked, and only on a loopback address', () => {
    assert.deepEqual(resolveHttpAccess({ ...inputs, allowUnauthenticated: true }), { token: undefined, allowUnauthenticated: true });
    assert.throws(() => resolveHttpAccess({ ...inputs, allowUnauthenticated: true, bindHost: '0.0.0.0' }), {
      message: '--allow-unauthenticated is accepted only for a loopback address, not 0.0.0.0; set TOOL_SEARCH_HTTP_TOKEN instead',
    });
  });
});
