import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutNote, cutText, formatCount } from '../../src/dispatch/cut-text.ts';

describe('cutText', () => {
  it('returns a text within the budget whole', () => {
    assert.equal(cutText('short', 5), 'short');
  });

  it('keeps the beginning and ends with a note saying how much was left out, within the budget', () => {
    const text = 'a'.repeat(1_334_567);
    const cut = cutText(text, 100_000);
    assert.ok(cut.length <= 100_000);
    assert.equal(
      cut,
      `${'a'.repeat(99_840)}\n[cut: 1,234,727 of 1,334,567 characters (about 308,682 tokens) left out; ask for less, e.g. with a filter or a page]`,
    );
  });

  it('gives the note alone when the budget is smaller than the note', () => {
    assert.equal(
      cutText('b'.repeat(500), 40),
      '[cut: 500 of 500 characters (about 125 tokens) left out; ask for less, e.g. with a filter or a page]',
    );
  });

  it('never splits a surrogate pair', () => {
    const cut = cutText(`${'a'.repeat(199)}😀${'a'.repeat(1_000)}`, 360);
    assert.ok(cut.startsWith(`${'a'.repeat(199)}\n[cut: 1,002 of 1,201`));
  });
});

describe('cutNote', () => {
  it('counts characters and estimated tokens with thousands separators', () => {
    assert.equal(
      cutNote(4_000_001, 5_000_000),
      '[cut: 4,000,001 of 5,000,000 characters (about 1,000,001 tokens) left out; ask for less, e.g. with a filter or a page]',
    );
  });
});

describe('formatCount', () => {
  it('groups digits by thousands whatever the locale', () => {
    assert.deepEqual([0, 999, 1_000, 1_234_567].map(formatCount), ['0', '999', '1,000', '1,234,567']);
  });
});
