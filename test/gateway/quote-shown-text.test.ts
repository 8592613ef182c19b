import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { asciiLookalikeOf } from '../../src/gateway/lookalike-letters.ts';
import { quoteShownText } from '../../src/gateway/quote-shown-text.ts';

const whys = (text: string, kind: 'name' | 'value' = 'value') => quoteShownText(text, kind).marked.map((mark) => mark.why);

describe('quoteShownText', () => {
  test('quotes and escapes as JSON does', () => {
    assert.equal(quoteShownText('a "b"\n\\c\t\u0001', 'value').text, '"a \\"b\\"\\n\\\\c\\t\\u0001"');
  });

  test('is always a JSON string literal of the very same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('name' as const, 'value' as const), (text, kind) => {
        assert.equal(JSON.parse(quoteShownText(text, kind).text), text);
      }),
    );
  });

  test('escapes and names zero-width, bidi, format, tag and filler characters', () => {
    const text = '\u200b\u200d\u2066\u202e\u00ad\u{e0041}\u3164\u2800';
    assert.equal(quoteShownText(text, 'value').text, '"\\u200b\\u200d\\u2066\\u202e\\u00ad\\udb40\\udc41\\u3164\\u2800"');
    assert.deepEqual(whys(text), [
      'invisible',
      'invisible',
      'reorders the text around it',
      'reorders the text around it',
      'invisible',
      'invisible',
      'invisible',
      'invisible',
    ]);
  });

  test('escapes other line breaks, spaces and controls', () => {
    assert.deepEqual(whys('\u2028\u2029\u00a0\u3000\u0085\u007f'), [
      'a line break',
      'a line break',
      'a space that is not the ASCII one',
      'a space that is not the ASCII one',
      'a control character',
      'a control character',
    ]);
  });

  test('escapes a broken surrogate, private-use and unassigned characters', () => {
    assert.deepEqual(whys('\ud800x\ue000\u{10ffff}'), [
      'half of a broken character',
      'private use or unassigned',
      'private use or unassigned',
    ]);
  });

  test('in a name, marks every lookalike letter and combining mark', () => {
    assert.equal(quoteShownText('\u0441\u043e\u0440', 'name').text, '"\\u0441\\u043e\\u0440"');
    assert.deepEqual(whys('e\u0301', 'name'), ['a combining mark']);
    assert.deepEqual(whys('ｆｉｌｅ', 'name'), ['looks like "f"', 'looks like "i"', 'looks like "l"', 'looks like "e"']);
  });

  test('in a value, marks lookalikes next to ASCII, and leaves other scripts alone', () => {
    assert.equal(quoteShownText('cat /etc/p\u0430sswd', 'value').text, '"cat /etc/p\\u0430sswd"');
    assert.equal(quoteShownText('\u0435\u0445\u0435\u0441 rm -rf', 'value').text, '"\\u0435\\u0445\\u0435\\u0441 rm -rf"');
    assert.equal(quoteShownText('Привет, мир', 'value').text, '"Привет, мир"');
    assert.equal(quoteShownText('Καλημέρα κόσμε', 'value').text, '"Καλημέρα κόσμε"');
    assert.equal(quoteShownText('café, naïve', 'value').text, '"café, naïve"');
  });

  test('in a value, marks stacked combining marks but not an accent', () => {
    assert.deepEqual(whys('e\u0301'), []);
    assert.deepEqual(whys('a\u0301\u0302\u0303'), ['a combining mark', 'a combining mark', 'a combining mark']);
  });
});

describe('asciiLookalikeOf', () => {
  test('knows homoglyphs and what Unicode folds to ASCII', () => {
    assert.equal(asciiLookalikeOf('о'.codePointAt(0)!), 'o');
    assert.equal(asciiLookalikeOf('Ꭺ'.codePointAt(0)!), 'A');
    assert.equal(asciiLookalikeOf('𝐫'.codePointAt(0)!), 'r');
    assert.equal(asciiLookalikeOf('\u212a'.codePointAt(0)!), 'K');
  });

  test('is undefined for ASCII and for letters that pass for none', () => {
    assert.equal(asciiLookalikeOf('a'.codePointAt(0)!), undefined);
    assert.equal(asciiLookalikeOf('ж'.codePointAt(0)!), undefined);
    assert.equal(asciiLookalikeOf('é'.codePointAt(0)!), undefined);
  });
});
