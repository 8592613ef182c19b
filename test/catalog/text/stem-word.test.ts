import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stemWord } from '../../../src/catalog/text/stem-word.ts';

function assertSameStem(words: readonly string[]): void {
  const stems = new Set(words.map(stemWord));
  assert.equal(stems.size, 1, `${words.join(', ')} -> ${[...stems].join(', ')}`);
}

describe('stemWord', () => {
  it('folds the inflections of tool verbs together', () => {
    assertSameStem(['create', 'creates', 'created', 'creating', 'creation']);
    assertSameStem(['delete', 'deletes', 'deleted', 'deleting', 'deletion']);
    assertSameStem(['list', 'lists', 'listed', 'listing']);
    assertSameStem(['update', 'updates', 'updated', 'updating']);
    assertSameStem(['run', 'running']);
    assertSameStem(['stop', 'stopped']);
  });

  it('folds plurals of nouns', () => {
    assertSameStem(['file', 'files']);
    assertSameStem(['message', 'messages', 'messaging']);
    assertSameStem(['repository', 'repositories']);
    assertSameStem(['box', 'boxes']);
    assertSameStem(['payment', 'payments', 'pay']);
  });

  it('leaves words ending in ss, us and is alone', () => {
    assert.equal(stemWord('glass'), 'glass');
    assert.equal(stemWord('status'), 'status');
    assert.equal(stemWord('analysis'), 'analysis');
    assert.notEqual(stemWord('news'), stemWord('new'), '"news" is not "new" (New York)');
  });

  it('returns short words and tokens with digits unchanged', () => {
    assert.equal(stemWord('get'), 'get');
    assert.equal(stemWord('ids'), 'ids');
    assert.equal(stemWord('v2'), 'v2');
    assert.equal(stemWord('2024'), '2024');
  });

  it('keeps words with nothing to strip', () => {
    assert.equal(stemWord('github'), 'github');
    assert.equal(stemWord('weather'), 'weath');
    assert.equal(stemWord('weather'), stemWord('weathers'));
  });
});
