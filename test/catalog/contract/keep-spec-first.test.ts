import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keepSpecFirst } from '../../../src/catalog/contract/keep-spec-first.ts';

describe('keepSpecFirst', () => {
  it('adds the plain BM25 first tool in the last place when the ranking left it out', () => {
    assert.deepEqual(keepSpecFirst([4, 5, 6], { limit: 3, exactCount: 0, specFirst: 9 }), [4, 5, 9]);
    assert.deepEqual(keepSpecFirst([4], { limit: 3, exactCount: 0, specFirst: 9 }), [4, 9]);
  });

  it('changes nothing when the tool is there, when nothing scored, or when exact names fill the limit', () => {
    assert.deepEqual(keepSpecFirst([4, 9, 6], { limit: 3, exactCount: 0, specFirst: 9 }), [4, 9, 6]);
    assert.deepEqual(keepSpecFirst([4, 5, 6], { limit: 3, exactCount: 0, specFirst: undefined }), [4, 5, 6]);
    assert.deepEqual(keepSpecFirst([4, 5], { limit: 2, exactCount: 2, specFirst: 9 }), [4, 5]);
  });
});
