import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchNameSubstring, withNameSubstrings } from '../../../src/catalog/contract/match-name-substring.ts';
import { buildSearchIndex } from '../../../src/catalog/index/build-search-index.ts';
import { makeTool } from '../catalog-fixtures.ts';

const tools = [
  makeTool('github_get_me', 'Who you are.'),
  makeTool('mcp_github_get_me_too', 'Also who you are.'),
  makeTool('github_get_issue', 'An issue.'),
  makeTool('list_files', 'Files.'),
];

describe('matchNameSubstring', () => {
  it('returns the tools whose name holds the query, prefixes and then shorter names first, scored 0', () => {
    assert.deepEqual(
      matchNameSubstring(tools, ' GET_ME ', 5).map(({ tool, score }) => [tool.name, score]),
      [
        ['github_get_me', 0],
        ['mcp_github_get_me_too', 0],
      ],
    );
    assert.deepEqual(
      matchNameSubstring(tools, 'github', 5).map(({ tool }) => tool.name),
      ['github_get_me', 'github_get_issue', 'mcp_github_get_me_too'],
    );
  });

  it('returns nothing for a blank query, and at most limit tools', () => {
    assert.deepEqual(matchNameSubstring(tools, '  ', 5), []);
    assert.equal(matchNameSubstring(tools, 'github', 1).length, 1);
  });
});

describe('withNameSubstrings', () => {
  const index = buildSearchIndex(tools);

  it('puts the tools holding a partly typed name after the exact matches, each once', () => {
    assert.deepEqual(withNameSubstrings(index, [1], 'ithub_get_m', 5), [1, 0]);
  });

  it('keeps the exact matches alone when the query is no partly typed name', () => {
    assert.deepEqual(withNameSubstrings(index, [3], undefined, 5), [3]);
  });
});
