import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundQuery, MAXIMUM_QUERY_CHARACTERS, MAXIMUM_QUERY_WORDS } from '../../../src/catalog/query/bound-query.ts';

const wordsOf = (count: number): string => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('boundQuery', () => {
  it('keeps a query within both bounds as it is', () => {
    assert.deepEqual(boundQuery('create a github issue, then post it to slack'), {
      text: 'create a github issue, then post it to slack',
      cut: false,
    });
    assert.deepEqual(boundQuery(wordsOf(MAXIMUM_QUERY_WORDS)), { text: wordsOf(MAXIMUM_QUERY_WORDS), cut: false });
  });

  it('cuts a query after its MAXIMUM_QUERY_WORDS-th word (2,048)', () => {
    const words = Array.from({ length: MAXIMUM_QUERY_WORDS }, () => 'w').join(' ');
    assert.deepEqual(boundQuery(`${words}, and more words`), { text: words, cut: true });
  });

  it('cuts a query to its first MAXIMUM_QUERY_CHARACTERS characters (20,000)', () => {
    const query = 'a'.repeat(1_000_000);
    assert.deepEqual(boundQuery(query), { text: 'a'.repeat(MAXIMUM_QUERY_CHARACTERS), cut: true });
  });

  it('never cuts a character in half', () => {
    const query = `${'a'.repeat(MAXIMUM_QUERY_CHARACTERS - 1)}😀 more`;
    assert.deepEqual(boundQuery(query), { text: 'a'.repeat(MAXIMUM_QUERY_CHARACTERS - 1), cut: true });
  });

  it('gives the same text when applied again', () => {
    for (const query of [`${wordsOf(200)}`, 'x '.repeat(5_000), `${'a'.repeat(MAXIMUM_QUERY_CHARACTERS - 1)}😀`]) {
      const once = boundQuery(query).text;
      assert.deepEqual(boundQuery(once), { text: once, cut: false });
    }
  });
});
