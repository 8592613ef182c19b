import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TokenTable } from '../../../src/catalog/text/token-table.ts';

describe('TokenTable', () => {
  it('gives dense ids in order of first sight, the same id for the same text', () => {
    const table = new TokenTable(2);
    const source = 'send message send';
    assert.equal(table.idOf(source, 0, 4), 0);
    assert.equal(table.idOf(source, 5, 12), 1);
    assert.equal(table.idOf(source, 13, 17), 0);
    assert.deepEqual(table.tokens, ['send', 'message']);
    assert.equal(table.find('message'), 1);
    assert.equal(table.find('mess'), -1);
  });

  it('reads a range ASCII-lower-cased and stores the token in lower case', () => {
    const table = new TokenTable(2);
    assert.equal(table.idOf('Send it', 0, 4), 0);
    assert.equal(table.idOf('SEND', 0, 4), 0);
    assert.equal(table.idOf('send', 0, 4), 0);
    assert.deepEqual(table.tokens, ['send']);
  });

  it('behaves like a map from lower-cased text to first-seen index while it grows', () => {
    const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 300 }), (words) => {
        const table = new TokenTable(1);
        const reference = new Map<string, number>();
        for (const word of words) {
          const key = lowerAscii(word);
          if (!reference.has(key)) reference.set(key, reference.size);
          const padded = `#${word}#`;
          assert.equal(table.idOf(padded, 1, padded.length - 1), reference.get(key));
        }
        assert.equal(table.size, reference.size);
        for (const [word, id] of reference) assert.equal(table.find(word), id);
      }),
    );
  });
});
