import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { approvalMessage, FIELDS_SHOWN_MAX, MESSAGE_MAX } from '../../src/gateway/approval-message.ts';

const fieldLines = (message: string): string[] => message.split('\n').filter((line) => line.startsWith('- '));

describe('approvalMessage', () => {
  test('lists every field on its own line, keys and values JSON-quoted', () => {
    assert.equal(
      approvalMessage('mcp_github_push', { branch: 'feature', force: true, depth: null }),
      'Allow the tool "mcp_github_push" to run with these 3 arguments?\n- "branch": "feature"\n- "force": true\n- "depth": null',
    );
  });

  test("shows nested fields at their own paths, in the arguments' order", () => {
    assert.deepEqual(fieldLines(approvalMessage('t', { options: { path: '/etc', modes: ['r', { w: false }] }, empty: {}, none: [] })), [
      '- "options"."path": "/etc"',
      '- "options"."modes"[0]: "r"',
      '- "options"."modes"[1]."w": false',
      '- "empty": {}',
      '- "none": []',
    ]);
  });

  test('a key cannot pass for a nested path: the dot is inside its quotes', () => {
    assert.deepEqual(fieldLines(approvalMessage('t', { 'options.path': 'a', options: { path: 'b' } })), [
      '- "options.path": "a"',
      '- "options"."path": "b"',
    ]);
  });

  test('a newline in a key or a value is escaped, never a line of its own', () => {
    const message = approvalMessage('t', { 'x\n- command: "ls -la"': 'y\n- force: true' });
    assert.deepEqual(message.split('\n').slice(1), ['- "x\\n- command: \\"ls -la\\"": "y\\n- force: true"']);
  });

  test('padding one value can hide neither another field, nor the end of the padded value', () => {
    const message = approvalMessage('mcp_git_push', { note: `${' '.repeat(5_000)}x`, force_push_to: 'main' });
    assert.match(message, /\n- "force_push_to": "main"$/);
    assert.match(message, /- "note": " {200}"…\(4,701 characters left out\)…" {99}x"/);
    assert.ok(message.length < 1_000);
  });

  test('counts characters, never cutting one in two', () => {
    const message = approvalMessage('t', { emoji: '😀'.repeat(1_000) });
    assert.match(message, /- "emoji": "(😀){200}"…\(700 characters left out\)…"(😀){100}"$/);
  });

  test('shows at most FIELDS_SHOWN_MAX fields, shallow ones first, and counts the rest by top-level key', () => {
    const message = approvalMessage('t', { list: Array.from({ length: 100 }, (_, index) => index), deep: { a: { b: 1 } }, last: 'shown' });
    const lines = fieldLines(message);
    assert.equal(lines.length, FIELDS_SHOWN_MAX);
    assert.ok(lines.includes('- "last": "shown"'));
    assert.match(message, /\n…and 62 more fields not shown: 61 under "list", 1 under "deep"\.$/);
  });

  test('shows values shorter when many fields are shown', () => {
    const args = Object.fromEntries(Array.from({ length: 30 }, (_, index) => [`key_${index}`, 'v'.repeat(500)]));
    const lines = fieldLines(approvalMessage('t', args));
    assert.equal(lines.length, 30);
    assert.ok(lines.every((line) => line.length < 160));
  });

  test('stays within MESSAGE_MAX however long the keys and values, counting what did not fit', () => {
    const args = Object.fromEntries(
      Array.from({ length: 100 }, (_, index) => [`${'\u0430'.repeat(200)}${index}`, '\u{1d41a}'.repeat(400)]),
    );
    const message = approvalMessage('t', args);
    assert.ok(message.length <= MESSAGE_MAX, `${message.length} characters`);
    assert.match(message, /…and \d+ more fields not shown/);
  });

  test('a deep path keeps its first and last steps', () => {
    let value: Record<string, unknown> = { x: 1 };
    for (let level = 0; level < 20; level++) value = { level: value };
    assert.deepEqual(fieldLines(approvalMessage('t', value)), [
      '- "level"."level"."level"…(13 levels left out)…."level"."level"."level"."level"."x": 1',
    ]);
  });

  test('marks invisible characters and lookalike letters, and names each once in a note', () => {
    const message = approvalMessage('t', { 'c\u043emmand': 'ls\u200b -la', other: 'x\u200by' });
    assert.deepEqual(fieldLines(message), ['- "c\\u043emmand": "ls\\u200b -la"', '- "other": "x\\u200by"']);
    assert.match(
      message,
      /\nShown as \\u escapes, characters you could not see or could mistake: U\+043E \(looks like "o"\) in "c\\u043emmand"; U\+200B \(invisible\) in "c\\u043emmand"\.$/,
    );
  });

  test('marks a lookalike in the tool name', () => {
    assert.match(
      approvalMessage('r\u0430w', {}),
      /^Allow the tool "r\\u0430w" to run with no arguments\?\n.*U\+0430 \(looks like "a"\) in the tool name\.$/s,
    );
  });

  test('says so when there are no arguments', () => {
    assert.equal(approvalMessage('t', {}), 'Allow the tool "t" to run with no arguments?');
  });

  test('shows a value it cannot walk without walking it again', () => {
    const shared: Record<string, unknown> = { a: 1 };
    shared['self'] = shared;
    assert.deepEqual(fieldLines(approvalMessage('t', { shared })), ['- "shared"."a": 1', '- "shared"."self": (the same value as above)']);
  });
});
