import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { editDistance } from '../../src/bridge/edit-distance.ts';

/** The whole optimal-string-alignment table, the textbook way: the reference for the banded one. */
function naiveEditDistance(left: string, right: string): number {
  const table = Array.from({ length: left.length + 1 }, (_, row) =>
    Array.from({ length: right.length + 1 }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)),
  );
  for (let row = 1; row <= left.length; row++) {
    for (let column = 1; column <= right.length; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(table[row - 1]![column]! + 1, table[row]![column - 1]! + 1, table[row - 1]![column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1])
        best = Math.min(best, table[row - 2]![column - 2]! + 1);
      table[row]![column] = best;
    }
  }
  return table[left.length]![right.length]!;
}

const words = fc.string({ unit: fc.constantFrom('a', 'b', 'c', '_'), maxLength: 12 });

describe('editDistance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    assert.equal(editDistance('grahp', 'graph'), 1);
    assert.equal(editDistance('', 'abc'), 3);
  });

  it('counts insertions, deletions and replacements', () => {
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('create_issue', 'crate_issues'), 2);
  });

  it('gives maximum + 1 for anything farther than the maximum, and the exact distance within it', () => {
    assert.equal(editDistance('kitten', 'sitting', 3), 3);
    assert.equal(editDistance('kitten', 'sitting', 2), 3);
    assert.equal(editDistance('kitten', 'sitting', 0), 1);
    assert.equal(editDistance('a'.repeat(1_000), 'b'.repeat(1_000), 4), 5);
    assert.equal(editDistance('x', 'x'.repeat(1_000_000), 10), 11);
  });

  it('agrees with the whole table, within any maximum', () => {
    fc.assert(
      fc.property(words, words, fc.integer({ min: 0, max: 14 }), (left, right, maximum) => {
        const exact = naiveEditDistance(left, right);
        assert.equal(editDistance(left, right), exact);
        assert.equal(editDistance(left, right, maximum), Math.min(exact, maximum + 1));
      }),
      { numRuns: 2_000 },
    );
  });
});
