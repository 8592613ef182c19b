import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cleanRequestText, MAX_REQUEST_LENGTH, mergeRequests } from '../../src/requests/merge-requests.ts';

describe('mergeRequests', () => {
  it('keeps the groups in the order given and sorts each group by code units', () => {
    assert.deepEqual(
      mergeRequests([
        ['merge it', 'ship the fix'],
        ['b request', 'a request'],
        ['zeta', 'Alpha'],
      ]),
      ['merge it', 'ship the fix', 'a request', 'b request', 'Alpha', 'zeta'],
    );
  });

  it('gives the same order whatever order the texts of a group arrived in', () => {
    assert.deepEqual(mergeRequests([['c', 'a', 'b']]), mergeRequests([['b', 'c', 'a']]));
  });

  it('drops duplicates across groups by case and spacing, keeping the first', () => {
    assert.deepEqual(mergeRequests([['Merge  the PR'], ['merge the pr', 'close it']]), ['Merge the PR', 'close it']);
  });

  it('drops empty texts and collapses whitespace', () => {
    assert.deepEqual(mergeRequests([['  ', '\tlist   my\nrepos ']]), ['list my repos']);
  });

  it('bounds the number of texts, cutting later groups first', () => {
    const pack = Array.from({ length: 30 }, (_, index) => `pack request ${String(index).padStart(2, '0')}`);
    const learned = Array.from({ length: 30 }, (_, index) => `learned request ${String(index).padStart(2, '0')}`);
    const merged = mergeRequests([pack, learned]);
    assert.equal(merged.length, 40);
    assert.deepEqual(merged.slice(0, 30), pack);
    assert.equal(merged[39], 'learned request 09');
  });

  it('bounds the characters, skipping a text that does not fit and taking a shorter one after it', () => {
    assert.deepEqual(mergeRequests([['a'.repeat(8), 'bbbbbb', 'cc']], { maxCharacters: 12 }), ['aaaaaaaa', 'cc']);
  });

  it('cuts a text longer than MAX_REQUEST_LENGTH at a word', () => {
    const long = `${'word '.repeat(100)}end`;
    const cut = cleanRequestText(long);
    assert.ok(cut.length <= MAX_REQUEST_LENGTH);
    assert.match(cut, /word$/);
  });
});
