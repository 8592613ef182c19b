import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundQuery, MAXIMUM_QUERY_CHARACTERS, MAXIMUM_QUERY_WORDS } from '../../src/catalog/bound-query.ts';

const wordsOf = (count: number): string => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('boundQuery', () => {
  it('keeps a query within both bounds as it is', () => {
    assert.deepEqual(boundQuery('create a github issue, then post it to slack'), { text: 'create a github issue, then post it to slack', cut: false });
    assert.deepEqual(boundQuery(wordsOf(MAXIMUM_QUERY_WORDS)), { text: wordsOf(64), cut: false });
  });

  it('cuts a query after its 64th word', () => {
    assert.deepEqual(boundQuery(`${wordsOf(64)}, and more words`), { text: wordsOf(64), cut: true });
  });

  it('cuts a query to its first 1,000 characters', () => {
    const query = 'a'.repeat(1_000_000);
    assert.deepEqual(boundQuery(query), { text: 'a'.repeat(MAXIMUM_QUERY_CHARACTERS), cut: true });
  });

  it('never cuts a character in half', () => {
    const query = `${'a'.repeat(999)}😀 more`;
    assert.deepEqual(boundQuery(query), { text: 'a'.repeat(999), cut: true });
  });

  it('gives the same text when applied again', () => {
    for (const query of [`${wordsOf(200)}`, 'x '.repeat(5_000), `${'a'.repeat(999)}😀`]) {
      const once = boundQuery(query).text;
      assert.deepEqual(boundQuery(once), { text: once, cut: false });
    }
  });
});
