import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rewriteQueryTokens } from '../../../src/catalog/query/rewrite-query-tokens.ts';
import { tokenize } from '../../../src/catalog/text/tokenize.ts';

const rewrite = (query: string): string => rewriteQueryTokens(tokenize(query)).join(' ');

describe('rewriteQueryTokens', () => {
  it('expands an abbreviation for several words in place of it', () => {
    assert.equal(rewrite('merge the PR'), 'merge the pull request');
  });

  it('keeps an abbreviation that tools use themselves beside its expansion', () => {
    assert.equal(rewrite('print env vars'), 'print env environment vars variables');
  });

  it('reads k8s, which tokenize splits, as kubernetes', () => {
    assert.equal(rewrite('k8s pods'), 'kubernetes pods');
  });

  it('turns opening a pull request or an issue into creating one', () => {
    assert.equal(rewrite('open a new PR'), 'create pull request');
    assert.equal(rewrite('open an issue'), 'create issue');
    assert.equal(rewrite('open the browser'), 'open the browser');
  });

  it('replaces "who am i" and "logged in as", whose words mislead, by the words of identity tools', () => {
    assert.equal(rewrite('who am i logged in as'), 'whoami authenticated user authenticated user');
  });

  it('reads the short names of databases and GitHub, and "how many" as a count', () => {
    assert.deepEqual(rewriteQueryTokens(['query', 'the', 'pg', 'db']), ['query', 'the', 'pg', 'postgres', 'db']);
    assert.deepEqual(rewriteQueryTokens(['mongo', 'collections']), ['mongo', 'mongodb', 'collections']);
    assert.deepEqual(rewriteQueryTokens(['gh', 'issues']), ['gh', 'github', 'issues']);
    assert.deepEqual(rewriteQueryTokens(['how', 'many', 'orders']), ['count', 'orders']);
  });

  it('leaves a query without such words unchanged', () => {
    assert.equal(rewrite('take a screenshot'), 'take a screenshot');
  });
});
