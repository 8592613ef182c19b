import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closestKey, didYouMean } from '../../src/config/closest-key.ts';

const SERVER_KEYS = ['command', 'args', 'env', 'cwd', 'url', 'headers', 'type', 'transport', 'timeout_ms', 'disabled'];

describe('closestKey', () => {
  test('counts two swapped neighbours as one mistake, so short keys typed out of order are found', () => {
    assert.equal(closestKey('evn', SERVER_KEYS), 'env');
    assert.equal(closestKey('agrs', SERVER_KEYS), 'args');
    assert.equal(closestKey('tokne', ['token', 'clients', 'allowed_origins', 'max_sessions', 'idle_session_ms']), 'token');
  });

  test('finds a missing or extra letter, as before', () => {
    assert.equal(closestKey('arg', SERVER_KEYS), 'args');
    assert.equal(closestKey('comand', SERVER_KEYS), 'command');
    assert.equal(closestKey('mcp_server', ['mcp_servers', 'mcpServers', 'servers']), 'mcp_servers');
  });

  test('suggests nothing for a key unlike every known one', () => {
    assert.equal(closestKey('banana', SERVER_KEYS), undefined);
    assert.equal(didYouMean('banana', SERVER_KEYS), '');
  });

  test('keeps the allowance at a third of the characters: a 3-letter key gets one mistake, no more', () => {
    assert.equal(closestKey('nve', SERVER_KEYS), undefined);
  });
});
