import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeQuery, MAXIMUM_CLAUSES } from '../../../src/catalog/query/analyze-query.ts';
import { MAXIMUM_QUERY_CHARACTERS } from '../../../src/catalog/query/bound-query.ts';

describe('analyzeQuery', () => {
  it('reads the query as written: its tokens, stems, name form and terms', () => {
    const analyzed = analyzeQuery('Open a PR on GitHub');
    assert.equal(analyzed.text, 'Open a PR on GitHub');
    assert.equal(analyzed.cut, false);
    assert.deepEqual(analyzed.tokens, ['open', 'a', 'pr', 'on', 'git', 'hub', 'github']);
    assert.deepEqual(analyzed.stems, ['open', 'pr', 'git', 'hub', 'github']);
    assert.equal(analyzed.name, 'openaprongithub');
    // "open a PR" is the everyday way to say create a pull request (rewriteQueryTokens).
    assert.deepEqual(analyzed.written.terms, ['creat', 'pull', 'request', 'git', 'hub', 'github']);
  });

  it('reads argument values as what they are, and keeps the query as written beside them', () => {
    const analyzed = analyzeQuery('fetch https://docs.example.dev/config');
    assert.deepEqual(analyzed.values.terms, ['fetch', 'url']);
    // "config" stays beside what it stands for, "configuration" (rewriteQueryTokens).
    assert.deepEqual(analyzed.written.terms, ['fetch', 'http', 'doc', 'exampl', 'dev', 'config', 'configurat']);
    assert.deepEqual(analyzed.tokens, ['fetch', 'https', 'docs', 'example', 'dev', 'config']);
  });

  it('gives one reading for both when the query has no argument value', () => {
    const analyzed = analyzeQuery('list my repositories');
    assert.equal(analyzed.values, analyzed.written);
  });

  it('cuts a request into clauses, each with its own terms', () => {
    const { values } = analyzeQuery('Open the pricing page, take a screenshot and then post it to #launch');
    assert.deepEqual(
      values.clauses.map((clause) => [clause.text, clause.terms]),
      [
        ['Open the pricing page', ['open', 'pric', 'pag']],
        ['take a screenshot', ['tak', 'screenshot']],
        ['post it to channel', ['post', 'channel']],
      ],
    );
  });

  it(`keeps the first ${MAXIMUM_CLAUSES} clauses only`, () => {
    const request = Array.from({ length: 40 }, (_, step) => `create issue ${step}`).join('; ');
    assert.equal(analyzeQuery(request).values.clauses.length, MAXIMUM_CLAUSES);
  });

  it('takes a one-word identifier as a partly typed tool name, and nothing else', () => {
    assert.equal(analyzeQuery(' ithub_get_m ').partialName, 'ithub_get_m');
    assert.equal(analyzeQuery('get me').partialName, undefined);
    assert.equal(analyzeQuery('github').partialName, undefined);
  });

  it('reads only the part of a long query that a search reads, and says it was cut', () => {
    const analyzed = analyzeQuery('a'.repeat(MAXIMUM_QUERY_CHARACTERS + 10));
    assert.equal(analyzed.text.length, MAXIMUM_QUERY_CHARACTERS);
    assert.equal(analyzed.cut, true);
  });

  it('names the known services the query names, each once, in query order', () => {
    assert.deepEqual(analyzeQuery('post to Slack, file it in Jira and tell slack again').services, ['slack', 'jira']);
    assert.deepEqual(analyzeQuery('post a message').services, []);
  });

  it('finds no words in a query of stop words and punctuation', () => {
    assert.deepEqual(analyzeQuery('? and the').stems, []);
  });
});
