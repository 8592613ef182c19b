import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createRedactor } from '../../../src/gateway/redact-secrets.ts';
import { previewValue } from '../../../src/gateway/live-view/preview-value.ts';

const SECRET = 'preview-secret-0123456789';
const redact = createRedactor([{ value: SECRET, shownAs: '<API_KEY>' }]);

describe('previewValue', () => {
  test('keeps a small value as it is, with its secrets redacted in values and keys', () => {
    assert.deepEqual(previewValue({ path: '/tmp/a', token: SECRET, [SECRET]: 1, n: 3, ok: true, none: null }, redact), {
      path: '/tmp/a',
      token: '<API_KEY>',
      '<API_KEY>': 1,
      n: 3,
      ok: true,
      none: null,
    });
  });

  test('redacts a string before cutting it, so a secret across the cut is never half shown', () => {
    const text = `${'x'.repeat(290)}${SECRET}${'y'.repeat(1_000)}`;
    const shown = previewValue(text, redact) as string;
    assert.ok(!shown.includes(SECRET.slice(0, 10)), shown);
    assert.ok(shown.startsWith(`${'x'.repeat(290)}<API_KEY>`));
    assert.match(shown, /… \(1315 characters\)$/);
  });

  test('cuts arrays and objects at 20 entries and nesting at 6 levels, saying what was left out', () => {
    const preview = previewValue(
      { list: Array.from({ length: 50 }, (_, index) => index), deep: { a: { b: { c: { d: { e: { f: 1 } } } } } } },
      redact,
    ) as Record<string, unknown>;
    assert.equal((preview['list'] as unknown[]).length, 21);
    assert.equal((preview['list'] as unknown[])[20], '… 30 more items');
    assert.deepEqual(preview['deep'], { a: { b: { c: { d: { e: '{…}' } } } } });
  });

  test('stays within its budget whatever the size of the value', () => {
    const huge = { content: Array.from({ length: 10_000 }, () => ({ type: 'text', text: 'z'.repeat(10_000) })) };
    const text = JSON.stringify(previewValue(huge, redact));
    assert.ok(text.length < 6_000, `${text.length} characters`);
  });
});
