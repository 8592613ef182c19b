import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { approvalMessage, clipMiddle } from '../../src/gateway/approval-message.ts';

describe('approvalMessage', () => {
  test('lists every argument key on its own line', () => {
    assert.equal(
      approvalMessage('mcp_github_push', { branch: 'feature', force: true }),
      "Allow the tool 'mcp_github_push' to run with these 2 arguments?\n- branch: \"feature\"\n- force: true",
    );
  });

  test('padding one value cannot hide another key, nor the end of the padded value', () => {
    const message = approvalMessage('mcp_git_push', { note: `${' '.repeat(5_000)}x`, force_push_to: 'main' });
    assert.match(message, /\n- force_push_to: "main"$/);
    assert.match(message, /- note: " {199} …\(4,703 characters left out\)… {99}x"/);
    assert.ok(message.length < 1_000);
  });

  test('keeps the end of a long value, where a padded payload hides', () => {
    const message = approvalMessage('t', { target: `${'a'.repeat(10_000)}main` });
    assert.match(message, /main"$/);
  });

  test('shows values shorter when there are many arguments, but still every key', () => {
    const args = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`key_${index}`, 'v'.repeat(500)]));
    const lines = approvalMessage('t', args).split('\n');
    assert.equal(lines.length, 101);
    assert.ok(lines.slice(1).every((line) => line.length < 120));
  });

  test('says so when there are no arguments', () => {
    assert.equal(approvalMessage('t', {}), "Allow the tool 't' to run with no arguments?");
  });
});

describe('clipMiddle', () => {
  test('keeps short text whole', () => {
    assert.equal(clipMiddle('abc', 3), 'abc');
  });
});
