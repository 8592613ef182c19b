import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSynonymTable, expandQuery, SYNONYM_TABLE } from '../../../src/catalog/query/expand-query.ts';
import { stemWord } from '../../../src/catalog/text/stem-word.ts';

describe('expandQuery', () => {
  it('adds the synonyms of each word at the synonym weight, right after the word', () => {
    const table = buildSynonymTable([
      ['delete', 'remove'],
      ['file', 'document'],
    ]);
    assert.deepEqual(expandQuery([stemWord('delete'), stemWord('file')], 0.3, table), [
      { term: stemWord('delete'), weight: 1, concept: 0 },
      { term: stemWord('remove'), weight: 0.3, concept: 0 },
      { term: stemWord('file'), weight: 1, concept: 1 },
      { term: stemWord('document'), weight: 0.3, concept: 1 },
    ]);
  });

  it('keeps a word the user wrote at full weight even when it is a synonym of another', () => {
    const table = buildSynonymTable([['delete', 'remove']]);
    const terms = expandQuery([stemWord('delete'), stemWord('remove')], 0.3, table);
    assert.deepEqual(
      terms.map((term) => term.weight),
      [1, 1],
    );
  });

  it('expands nothing when the synonym weight is 0', () => {
    assert.deepEqual(expandQuery(['creat'], 0), [{ term: 'creat', weight: 1, concept: 0 }]);
  });

  it('ships verb groups for create, delete, list and send', () => {
    assert.ok(SYNONYM_TABLE.get(stemWord('create'))?.includes(stemWord('add')));
    assert.ok(SYNONYM_TABLE.get(stemWord('delete'))?.includes(stemWord('remove')));
    assert.ok(SYNONYM_TABLE.get(stemWord('list'))?.includes(stemWord('show')));
    assert.ok(SYNONYM_TABLE.get(stemWord('send'))?.includes(stemWord('post')));
  });
});
