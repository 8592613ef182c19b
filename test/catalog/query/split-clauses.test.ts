import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitClauses } from '../../../src/catalog/query/split-clauses.ts';

describe('splitClauses', () => {
  it('splits a multi-step request at sentence ends, commas and joining words', () => {
    assert.deepEqual(splitClauses('Open the pricing page, take a screenshot of the plans and then post it in Slack. Finally save notes to a file'), [
      'Open the pricing page',
      'take a screenshot of the plans',
      'post it in Slack',
      'save notes to a file',
    ]);
  });

  it('keeps URLs, file names and decimals whole', () => {
    assert.deepEqual(splitClauses('fetch https://example.com/a.html then write report-2.5.md'), ['fetch https://example.com/a.html', 'write report-2.5.md']);
  });

  it('joins a piece of fewer than two meaningful words to its neighbour', () => {
    assert.deepEqual(splitClauses('export 1,000 rows to csv, sorted'), ['export 1,000 rows to csv sorted']);
    assert.deepEqual(splitClauses('Please, list the open issues and Bob'), ['Please list the open issues Bob']);
  });

  it('returns a one-step request as one clause, and nothing for an empty one', () => {
    assert.deepEqual(splitClauses('post a message to a slack channel'), ['post a message to a slack channel']);
    assert.deepEqual(splitClauses('  '), []);
  });
});
