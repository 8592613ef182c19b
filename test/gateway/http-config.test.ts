import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_IDLE_SESSION_MS, DEFAULT_MAX_SESSIONS, resolveHttpConfig } from '../../src/gateway/http-config.ts';
import { ToolSearchError } from '../../src/errors/tool-search-error.ts';

const ENV: Record<string, string> = { GATEWAY_TOKEN: 's3cret-token-0123456789', EMPTY: '' };

/** Expands `${env:NAME}` from ENV, as the gateway config's expander does. */
const expand = (value: string): string => value.replace(/\$\{env:([^}]*)\}/g, (_whole, name: string) => ENV[name] ?? '');

/** The message of the ToolSearchError `resolveHttpConfig(raw)` throws. */
function failure(raw: unknown): string {
  try {
    resolveHttpConfig(raw, expand);
  } catch (error) {
    assert.ok(error instanceof ToolSearchError);
    assert.equal(error.code, 'invalid_config_file');
    return error.message;
  }
  assert.fail('expected a ToolSearchError');
}

describe('resolveHttpConfig', () => {
  test('gives the defaults when the block is absent', () => {
    const expected = {
      token: undefined,
      clients: [],
      allowedOrigins: [],
      maxSessions: DEFAULT_MAX_SESSIONS,
      idleSessionMs: DEFAULT_IDLE_SESSION_MS,
    };
    assert.deepEqual(resolveHttpConfig(undefined, expand), expected);
    assert.deepEqual(resolveHttpConfig(null, expand), expected);
    assert.deepEqual(resolveHttpConfig({}, expand), expected);
    assert.equal(DEFAULT_MAX_SESSIONS, 100);
    assert.equal(DEFAULT_IDLE_SESSION_MS, 30 * 60_000);
  });

  test('reads every key, expanding placeholders in the token', () => {
    const resolved = resolveHttpConfig(
      {
        token: '${env:GATEWAY_TOKEN}',
        allowed_origins: ['https://app.example.com', 'http://intranet:8080'],
        max_sessions: 3,
        idle_session_ms: 60_000,
      },
      expand,
    );
    assert.deepEqual(resolved, {
      token: 's3cret-token-0123456789',
      clients: [],
      allowedOrigins: ['https://app.example.com', 'http://intranet:8080'],
      maxSessions: 3,
      idleSessionMs: 60_000,
    });
  });

  test('refuses an unknown key, naming it and the closest known key', () => {
    assert.equal(
      failure({ allowed_origin: [] }),
      "http.allowed_origin: unknown key (did you mean 'http.allowed_origins'?); known keys: token, clients, allowed_origins, max_sessions, idle_session_ms",
    );
    assert.equal(
      failure({ maxSessions: 5 }),
      "http.maxSessions: unknown key (did you mean 'http.max_sessions'?); known keys: token, clients, allowed_origins, max_sessions, idle_session_ms",
    );
    assert.equal(
      failure({ port: 80 }),
      'http.port: unknown key; known keys: token, clients, allowed_origins, max_sessions, idle_session_ms',
    );
  });

  test('refuses a block that is not a mapping', () => {
    assert.equal(
      failure('s3cret'),
      'http: expected a mapping with token, clients, allowed_origins, max_sessions, idle_session_ms, got "s3cret"',
    );
  });

  test('refuses a token that is not a string, without quoting it', () => {
    assert.equal(failure({ token: 12345 }), 'http.token: expected a string (e.g. "${env:TOOL_SEARCH_TOKEN}"), got number');
  });

  test('refuses a token that expands to nothing, naming the environment variable', () => {
    assert.equal(
      failure({ token: '${env:UNSET}' }),
      'http.token: is empty after expanding placeholders (is the environment variable UNSET set?); give a token or remove the key',
    );
    assert.equal(failure({ token: '' }), 'http.token: is empty after expanding placeholders; give a token or remove the key');
  });

  test('refuses a token a header cannot carry, without quoting it', () => {
    const message = failure({ token: 'two words' });
    assert.equal(message, 'http.token: contains whitespace or control characters, which an Authorization header cannot carry');
    assert.doesNotMatch(message, /two words/);
  });

  test('refuses max_sessions and idle_session_ms that are not positive whole numbers', () => {
    assert.equal(failure({ max_sessions: 0 }), 'http.max_sessions: 0 is not a positive whole number of sessions (default 100)');
    assert.equal(failure({ max_sessions: 2.5 }), 'http.max_sessions: 2.5 is not a positive whole number of sessions (default 100)');
    assert.equal(failure({ max_sessions: '10' }), 'http.max_sessions: "10" is not a positive whole number of sessions (default 100)');
    assert.equal(
      failure({ idle_session_ms: -1 }),
      'http.idle_session_ms: -1 is not a positive whole number of milliseconds (default 1800000)',
    );
  });

  test('refuses allowed_origins that are not a list of origins', () => {
    assert.equal(
      failure({ allowed_origins: 'https://app.example.com' }),
      'http.allowed_origins: expected a list of origins such as ["https://app.example.com"], got "https://app.example.com"',
    );
    assert.equal(
      failure({ allowed_origins: [42] }),
      'http.allowed_origins[0]: expected an origin string such as "https://app.example.com", got 42',
    );
    assert.equal(
      failure({ allowed_origins: ['app.example.com'] }),
      'http.allowed_origins[0]: "app.example.com" is not an origin (expected scheme://host[:port], e.g. "https://app.example.com")',
    );
    assert.equal(
      failure({ allowed_origins: ['*'] }),
      'http.allowed_origins[0]: "*" is not an origin (expected scheme://host[:port], e.g. "https://app.example.com")',
    );
    assert.equal(
      failure({ allowed_origins: ['file:///tmp/page.html'] }),
      'http.allowed_origins[0]: "file:///tmp/page.html" is not an origin (expected scheme://host[:port], e.g. "https://app.example.com")',
    );
  });

  test('refuses an origin with a path or a trailing slash, saying how to write it', () => {
    assert.equal(
      failure({ allowed_origins: ['https://app.example.com/'] }),
      'http.allowed_origins[0]: "https://app.example.com/" is not an origin as browsers send it; write "https://app.example.com"',
    );
    assert.equal(
      failure({ allowed_origins: ['https://app.example.com:443/mcp'] }),
      'http.allowed_origins[0]: "https://app.example.com:443/mcp" is not an origin as browsers send it; write "https://app.example.com"',
    );
  });
});
