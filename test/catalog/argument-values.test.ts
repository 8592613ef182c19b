import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readArgumentValues } from '../../src/catalog/argument-values.ts';
import { searchTools } from '../../src/catalog/search-tools.ts';
import { realisticSession } from '../support/fixtures.ts';

describe('readArgumentValues', () => {
  it('reads a URL as the word url, whatever its site and path say', () => {
    assert.equal(readArgumentValues('scrape https://docs.tinyqueue.dev/config/env please'), 'scrape url please');
    assert.equal(readArgumentValues('open www.example.com/signup and github.com/acme/api'), 'open url and url');
  });

  it('puts file before a file path and keeps its words, which may name the thing', () => {
    assert.equal(readArgumentValues('save it to reports/mau-2024.md.'), 'save it to file reports/mau-2024.md.');
    assert.equal(readArgumentValues('validate my .circleci/config.yml'), 'validate my file .circleci/config.yml');
    assert.equal(readArgumentValues('read (~/notes/plan.txt) and README.md'), 'read (file ~/notes/plan.txt) and file README.md');
  });

  it('leaves product names with a dot, numbers and plain words alone', () => {
    for (const text of ['docs for next.js and node.js', 'version 2.5.1 of the app', 'list the open pull requests']) {
      assert.equal(readArgumentValues(text), text);
    }
  });

  it('looks for no value in a word longer than 400 characters (the patterns cost the square of a word)', () => {
    const long = `https://example.com/${'a'.repeat(400)}`;
    assert.equal(readArgumentValues(`fetch ${long}`), `fetch ${long}`);
    assert.equal(readArgumentValues('fetch https://example.com/a'), 'fetch url');
  });
});

describe('the ranking by words, on the bundled 17-server session', () => {
  const session = realisticSession();
  const first = (query: string, options = {}) => searchTools(session, query, 5, options)[0]?.tool.name;

  it('finds the tool that writes files for a request that names a file path', () => {
    assert.equal(first('write the summary to reports/q3-summary.md'), 'mcp_filesystem_write_file');
    assert.notEqual(first('write the summary to reports/q3-summary.md', { readArgumentValues: false }), 'mcp_filesystem_write_file');
  });

  it('is not led astray by the words of a URL', () => {
    assert.equal(first('scrape https://news.ycombinator.com'), 'mcp_firecrawl_firecrawl_scrape');
    assert.notEqual(first('scrape https://news.ycombinator.com', { readArgumentValues: false }), 'mcp_firecrawl_firecrawl_scrape');
  });
});
