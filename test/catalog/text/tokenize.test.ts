import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hashRange } from '../../../src/catalog/text/token-hash.ts';
import { forEachTokenRange, tokenize } from '../../../src/catalog/text/tokenize.ts';

/** The plain regular-expression splitter, for text without mixed-case words. */
function naiveTokenize(text: string): string[] {
  return text
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== '');
}

describe('tokenize', () => {
  it('splits snake_case, kebab-case and dotted names', () => {
    assert.deepEqual(tokenize('create_issue'), ['create', 'issue']);
    assert.deepEqual(tokenize('list-merge-requests'), ['list', 'merge', 'requests']);
    assert.deepEqual(tokenize('triangle_properties.get'), ['triangle', 'properties', 'get']);
  });

  it('splits camelCase and PascalCase, then emits the whole word', () => {
    assert.deepEqual(tokenize('getFilmDetails'), ['get', 'film', 'details', 'getfilmdetails']);
    assert.deepEqual(tokenize('getHTTPResponse'), ['get', 'http', 'response', 'gethttpresponse']);
  });

  it('keeps "GitHub" findable as "github" as well as by its parts', () => {
    assert.deepEqual(tokenize('GitHub'), ['git', 'hub', 'github']);
  });

  it('separates letters from digits', () => {
    assert.deepEqual(tokenize('o200k_base v2'), ['o', '200', 'k', 'base', 'v', '2']);
  });

  it('drops non-ASCII text and punctuation', () => {
    assert.deepEqual(tokenize('Café: 搜索 résumé!'), ['caf', 'r', 'sum']);
    assert.deepEqual(tokenize(''), []);
  });

  it('reports each token as a range of the text, with the hash of its lower-cased form', () => {
    const text = 'Send sendSlack_Message to HTTPServer v2';
    const ranges: string[] = [];
    forEachTokenRange(text, (source, start, end, hash) => {
      assert.equal(source, text);
      const token = source.slice(start, end).toLowerCase();
      assert.equal(hash, hashRange(token, 0, token.length));
      ranges.push(token);
    });
    assert.deepEqual(ranges, tokenize(text));
    assert.deepEqual(ranges, ['send', 'send', 'slack', 'sendslack', 'message', 'to', 'http', 'server', 'httpserver', 'v', '2']);
  });

  it('agrees with a plain regular-expression splitter on text without mixed-case words', () => {
    const text = fc.stringMatching(/^[a-z0-9 _.\-/:]{0,40}$/);
    fc.assert(fc.property(text, (value) => assert.deepEqual(tokenize(value), naiveTokenize(value))));
    fc.assert(fc.property(text, (value) => assert.deepEqual(tokenize(value.toUpperCase()), naiveTokenize(value))));
  });

  it('tokenizes words independently of their neighbours', () => {
    const words = fc.array(fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/), { maxLength: 6 });
    fc.assert(
      fc.property(words, (list) =>
        assert.deepEqual(
          tokenize(list.join(' ')),
          list.flatMap((entry) => tokenize(entry)),
        ),
      ),
    );
  });
});
