import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { splitClauses } from '../../../src/catalog/query/split-clauses.ts';
import { analyzeTokens } from '../../../src/catalog/text/analyze-tokens.ts';
import { tokenize, tokenizeWithStarts } from '../../../src/catalog/text/tokenize.ts';

const clauseTexts = (text: string): string[] => splitClauses(text, tokenizeWithStarts(text)).map((clause) => clause.text);

/**
 * The clauses as the splitting was first written, on strings alone, each piece tokenized on its own:
 * the reference that splitClauses, which takes every clause's tokens from the request's, must match.
 */
function referenceClauses(query: string): string[] {
  const boundary = /[.;!?]\s+|,(?!\d)\s*|\s+(?:and then|then|and|after that|finally|also)\s+/i;
  const joiner = /^(?:and then|then|and|after that|finally|also|next|lastly)\b[\s,]*/i;
  const isShort = (text: string): boolean => analyzeTokens(tokenize(text), new Map()).length < 2;
  const clauses: string[] = [];
  for (const piece of query.split(boundary)) {
    const text = piece.trim().replace(joiner, '');
    if (text === '') continue;
    if (clauses.length > 0 && isShort(text)) clauses[clauses.length - 1] += ` ${text}`;
    else clauses.push(text);
  }
  if (clauses.length > 1 && isShort(clauses[0]!)) clauses.splice(0, 2, `${clauses[0]} ${clauses[1]}`);
  return clauses;
}

/** Requests made of words, identifiers, numbers, URLs, joining words and the punctuation between clauses. */
const requests = fc
  .array(
    fc.constantFrom(
      'Open',
      'the',
      'pricing',
      'page',
      'GitHub',
      'getHTTPResponse',
      'k8s',
      'PR',
      'and',
      'then',
      'and then',
      'Finally',
      'finally',
      'after that',
      'also',
      'Next.js',
      'next',
      'lastly',
      'also2',
      'andThen',
      'thence',
      'Bob',
      '1,000',
      '2.5',
      'report-2.5.md',
      'https://example.com/a.html',
      '~/notes/a.txt',
      '#deploys',
      'é',
      'über',
      'snake_case_name',
      'x',
      ' ',
      '  ',
      ', ',
      ',',
      '. ',
      '; ',
      '! ',
      '? ',
      '\n',
      '\t',
      '.',
      ';',
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('splitClauses', () => {
  it('splits a multi-step request at sentence ends, commas and joining words', () => {
    assert.deepEqual(
      clauseTexts('Open the pricing page, take a screenshot of the plans and then post it in Slack. Finally save notes to a file'),
      ['Open the pricing page', 'take a screenshot of the plans', 'post it in Slack', 'save notes to a file'],
    );
  });

  it('keeps URLs, file names and decimals whole', () => {
    assert.deepEqual(clauseTexts('fetch https://example.com/a.html then write report-2.5.md'), [
      'fetch https://example.com/a.html',
      'write report-2.5.md',
    ]);
  });

  it('joins a piece of fewer than two meaningful words to its neighbour', () => {
    assert.deepEqual(clauseTexts('export 1,000 rows to csv, sorted'), ['export 1,000 rows to csv sorted']);
    assert.deepEqual(clauseTexts('Please, list the open issues and Bob'), ['Please list the open issues Bob']);
  });

  it('returns a one-step request as one clause, and nothing for an empty one', () => {
    assert.deepEqual(clauseTexts('post a message to a slack channel'), ['post a message to a slack channel']);
    assert.deepEqual(clauseTexts('  '), []);
  });

  it("gives each clause the request's tokens that are its own, camelCase and joined pieces included", () => {
    const text = 'Finally, open the GitHub PR, and Bob';
    assert.deepEqual(splitClauses(text, tokenizeWithStarts(text)), [
      { text: 'open the GitHub PR Bob', tokens: ['open', 'the', 'git', 'hub', 'github', 'pr', 'bob'] },
    ]);
  });

  it('cuts the clauses a string split cuts, each with the tokens tokenize gives its text', () => {
    fc.assert(
      fc.property(requests, (text) => {
        const clauses = splitClauses(text, tokenizeWithStarts(text));
        assert.deepEqual(
          clauses.map((clause) => clause.text),
          referenceClauses(text),
        );
        for (const clause of clauses) assert.deepEqual(clause.tokens, tokenize(clause.text), clause.text);
      }),
      { numRuns: 2000 },
    );
  });
});
