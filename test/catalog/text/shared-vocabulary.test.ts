import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { SharedVocabulary, sharedVocabulary } from '../../../src/catalog/text/shared-vocabulary.ts';
import { tokenize } from '../../../src/catalog/text/tokenize.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('SharedVocabulary', () => {
  it('gives a text the ids of its tokens, the same token the same id in every text', () => {
    const vocabulary = new SharedVocabulary();
    const first = [...vocabulary.tokenIdsOf('Send a Slack message')];
    const second = [...vocabulary.tokenIdsOf('message_send')];
    assert.deepEqual(
      first.map((id) => vocabulary.table.tokens[id]),
      tokenize('Send a Slack message'),
    );
    assert.deepEqual(second, [first[3], first[0]]);
    assert.equal(vocabulary.spanOf('Send a Slack message'), vocabulary.spanOf('Send a Slack message'), 'a text is tokenized once');
    assert.equal(vocabulary.textCount, 2);
  });

  it("keeps each token's index term: its stem, or nothing for a stop word", () => {
    const vocabulary = new SharedVocabulary();
    const ids = vocabulary.tokenIdsOf('the creating issues');
    assert.deepEqual(
      [...ids].map((id) => vocabulary.terms[id]),
      ['', 'creat', 'issu'],
    );
  });

  it('reports itself full at its capacity of tokens or of texts', () => {
    const byTexts = new SharedVocabulary({ tokens: 100, texts: 2 });
    byTexts.tokenIdsOf('alpha');
    assert.equal(byTexts.full, false);
    byTexts.tokenIdsOf('alpha');
    assert.equal(byTexts.full, false, 'the same text again takes no room');
    byTexts.tokenIdsOf('beta');
    assert.equal(byTexts.full, true);
    const byTokens = new SharedVocabulary({ tokens: 3, texts: 100 });
    byTokens.tokenIdsOf('one two');
    assert.equal(byTokens.full, false);
    byTokens.tokenIdsOf('three');
    assert.equal(byTokens.full, true);
  });

  it('reports itself full at its capacity of token ids over all texts', () => {
    const vocabulary = new SharedVocabulary({ textTokens: 5 });
    vocabulary.spanOf('one two');
    assert.equal(vocabulary.full, false);
    vocabulary.spanOf('three four five');
    assert.equal(vocabulary.full, true);
  });

  it('keeps every id of texts longer than its arrays, and of the texts before them', () => {
    const vocabulary = new SharedVocabulary();
    const short = 'Send a Slack message';
    const long = Array.from({ length: 40_000 }, (_, index) => `word${index % 5000} getHTTPResponse`).join(' ');
    vocabulary.spanOf(short);
    const ids = vocabulary.tokenIdsOf(long);
    assert.deepEqual(
      ids.map((id) => vocabulary.table.tokens[id]),
      tokenize(long),
    );
    assert.deepEqual(
      vocabulary.tokenIdsOf(short).map((id) => vocabulary.table.tokens[id]),
      tokenize(short),
    );
  });

  it('is the same vocabulary from one build to the next while it has room', () => {
    assert.equal(sharedVocabulary(), sharedVocabulary());
  });
});

describe('buildSearchIndex over the shared vocabulary', () => {
  it('builds the same index for a catalog whatever was indexed before it', () => {
    const catalog = [makeTool('send_message', 'Send a chat message to a channel.'), makeTool('list_files', 'List the files of a folder.')];
    const before = buildSearchIndex(catalog);
    buildSearchIndex([makeTool('archive_invoice', 'Stores invoices and receipts.'), makeTool('sendSMS', 'Texts a phone.')]);
    const after = buildSearchIndex(catalog);
    assert.deepEqual([...after.occurrences], [...before.occurrences]);
    for (const stem of ['send', 'chat', 'messag', 'channel', 'list', 'file', 'folder']) {
      const stemId = after.stemIds.get(stem);
      assert.equal(stemId, before.stemIds.get(stem), stem);
      assert.deepEqual([...after.stemEntries(stemId!)], [...before.stemEntries(stemId!)], stem);
    }
    assert.equal(after.stemIds.get('invoic'), undefined, 'a stem of another catalog is not in this one');
    assert.equal(after.stemIds.get('send'), before.stemIds.get('send'));
    assert.equal(after.tokenIds.find('invoice'), -1, 'a word of another catalog is not in this one');
    assert.equal(before.tokenIds.find('invoices'), -1, 'nor in one built before that word was seen');
    assert.equal(after.tokenIds.find('send'), before.tokenIds.find('send'));
  });
});
