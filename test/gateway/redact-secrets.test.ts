import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRedactor, redactJson } from '../../src/gateway/redact-secrets.ts';

describe('createRedactor', () => {
  const redact = createRedactor([
    { value: 's3cr3t-value-42', shownAs: '${env:API_KEY}' },
    { value: 'short', shownAs: '<x>' },
  ]);

  test('shows the placeholder instead of an expanded secret, also percent-encoded or JSON-escaped', () => {
    assert.equal(redact('could not connect at https://h/mcp?key=s3cr3t-value-42'), 'could not connect at https://h/mcp?key=${env:API_KEY}');
    const encoded = createRedactor([{ value: 'a b/c"d', shownAs: '${env:K}' }]);
    assert.equal(encoded('url ?k=a%20b%2Fc%22d and json "a b/c\\"d"'), 'url ?k=${env:K} and json "${env:K}"');
  });

  test('masks token-shaped strings, keeping the kind of token visible', () => {
    const text = [
      'ghp_abcdefghijklmnopqrstuvwxyz0123',
      'github_pat_11ABCDEFG0abcdefghijklmnop',
      'sk-proj-abcdefghijklmnop1234',
      'xoxb-1234567890-abcdefghij',
      'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.payload',
      'https://user:hunter22@example.com/x',
    ].join(' ');
    assert.equal(redact(text), 'ghp_*** github_pat_*** sk-*** xoxb-*** Authorization: Bearer *** https://user:***@example.com/x');
  });

  test('leaves ordinary text alone', () => {
    assert.equal(redact('Echo: hello, task-123 and sky-blue'), 'Echo: hello, task-123 and sky-blue');
  });
});

describe('redactJson', () => {
  const redact = createRedactor([{ value: 'tok-0123456789', shownAs: '${env:T}' }]);

  test('redacts strings and keys anywhere in a value, keeping it valid', () => {
    assert.deepEqual(redactJson({ content: [{ type: 'text', text: 'key tok-0123456789' }], 'tok-0123456789': 1 }, redact, {}), {
      content: [{ type: 'text', text: 'key ${env:T}' }],
      '${env:T}': 1,
    });
  });

  test('never touches the protocol structure, even where a secret has the same text', () => {
    const clash = createRedactor([
      { value: 'tools/list', shownAs: '<x>' },
      { value: 'text/plain', shownAs: '<y>' },
    ]);
    const message = {
      jsonrpc: '2.0',
      id: 'tools/list',
      method: 'tools/list',
      params: { contents: [{ uri: 'u', mimeType: 'text/plain', text: 'said tools/list' }] },
    };
    assert.deepEqual(redactJson(message, clash, {} as typeof message), {
      jsonrpc: '2.0',
      id: 'tools/list',
      method: 'tools/list',
      params: { contents: [{ uri: 'u', mimeType: 'text/plain', text: 'said <x>' }] },
    });
  });

  test('returns the same object when there is nothing to redact', () => {
    const value = { a: ['b'] };
    assert.equal(redactJson<unknown>(value, redact, {}), value);
  });

  test('fails closed on a value it cannot serialize', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    assert.equal(redactJson(cyclic, redact, 'withheld' as unknown as Record<string, unknown>), 'withheld');
  });
});
