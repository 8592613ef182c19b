import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeQuery } from '../../../src/catalog/query/analyze-query.ts';
import { readAction } from '../../../src/catalog/query/read-action.ts';

describe('readAction', () => {
  it('reads the canonical action of a request, its synonyms included', () => {
    assert.equal(analyzeQuery('make a new label').action, 'create');
    assert.equal(analyzeQuery('remove the stale branch').action, 'delete');
    assert.equal(analyzeQuery('drop the users table').action, 'delete');
    assert.equal(analyzeQuery('show me the pull request').action, 'get');
    assert.equal(analyzeQuery('fetch the README').action, 'get');
    assert.equal(analyzeQuery('cancel the subscription').action, 'stop');
  });

  it('reads inflected forms as the analysis stems them', () => {
    assert.equal(analyzeQuery('creating issues').action, 'create');
    assert.equal(analyzeQuery('deleted files').action, 'delete');
  });

  it('takes the first word that names an action', () => {
    assert.equal(analyzeQuery('delete the branch I created').action, 'delete');
  });

  it('reads no action when no word names one', () => {
    assert.equal(analyzeQuery('weather in Boston').action, undefined);
    assert.equal(readAction([]), undefined);
  });

  it('does not read the settings of something as setting it', () => {
    assert.equal(analyzeQuery('slack settings').action, undefined);
  });
});
