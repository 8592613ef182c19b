import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { scoreSpecBm25 } from '../../../src/catalog/contract/score-spec-bm25.ts';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { selectTop } from '../../../src/catalog/rank/select-top.ts';
import { tokenize } from '../../../src/catalog/text/tokenize.ts';
import { makeTool, queries, toolLists } from '../catalog-fixtures.ts';
import { naiveSpecBm25First } from '../naive-spec-bm25.ts';

describe('scoreSpecBm25', () => {
  it('scores raw tokens: stop words count and nothing is stemmed', () => {
    const index = buildSearchIndex([makeTool('list_the_files', 'Lists files.'), makeTool('create_issue', 'Creates an issue.')]);
    const scores = scoreSpecBm25(index, tokenize('the'));
    assert.ok(scores[0]! > 0);
    assert.equal(scores[1], 0);
    assert.equal(scoreSpecBm25(index, tokenize('creating'))[1], 0);
  });

  it('ranks first the tool the plain reference BM25 ranks first', () => {
    fc.assert(
      fc.property(toolLists, queries, (tools, query) => {
        const index = buildSearchIndex(tools);
        const first = selectTop(index.tools, scoreSpecBm25(index, tokenize(query)), 1)[0];
        assert.equal(first === undefined ? undefined : tools[first], naiveSpecBm25First(tools, query));
      }),
    );
  });
});
