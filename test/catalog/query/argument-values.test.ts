import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readArgumentValues } from '../../../src/catalog/query/argument-values.ts';
import { searchTools } from '../../../src/catalog/search-tools.ts';
import { realisticSession } from '../../support/fixtures.ts';
import { makeTool } from '../catalog-fixtures.ts';

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

  it('reads a #channel as the word channel, and leaves an #issue number as it is', () => {
    assert.equal(readArgumentValues("what's new in #incident-response today?"), "what's new in channel today?");
    assert.equal(readArgumentValues('tell #deploys, then close #45'), 'tell channel, then close #45');
  });

  it('reads a glob as files matching a pattern, and a folder path as a directory', () => {
    assert.equal(readArgumentValues('where are the *.test.ts files'), 'where are the files matching pattern *.test.ts files');
    assert.equal(readArgumentValues('find src/**/*.go'), 'find files matching pattern src/**/*.go');
    assert.equal(readArgumentValues("what's in ~/Downloads? and ./build/"), "what's in directory ~/Downloads? and directory ./build/");
    // An API path, a repository or a name with a slash is no folder here.
    assert.equal(
      readArgumentValues('the /api/cart call in acme/web, files in frontend/'),
      'the /api/cart call in acme/web, files in frontend/',
    );
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

  it('finds the tools a channel or a glob asks for, not the tools its words name', () => {
    const chat = [
      makeTool('get_channel_history', 'Get recent messages from a chat channel'),
      makeTool('list_incidents', 'List incidents and the response to each'),
    ];
    // Limit 3: with limit 1 the plain BM25's first tool (by the words as written) would take the one place.
    assert.equal(
      searchTools(chat, "What's been going on in #incident-response over the last hour?", 3)[0]?.tool.name,
      'get_channel_history',
    );
    assert.equal(
      searchTools(realisticSession(), 'Where are all the *.test.ts files under src?', 3)[0]?.tool.name,
      'mcp_filesystem_search_files',
    );
  });

  it('is not led astray by the words of a URL', () => {
    assert.equal(first('scrape https://news.ycombinator.com'), 'mcp_firecrawl_firecrawl_scrape');
    assert.notEqual(first('scrape https://news.ycombinator.com', { readArgumentValues: false }), 'mcp_firecrawl_firecrawl_scrape');
  });
});
