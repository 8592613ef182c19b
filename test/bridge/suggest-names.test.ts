import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editDistance, suggestNames } from '../../src/bridge/suggest-names.ts';

describe('suggestNames', () => {
  it('offers the closest names for a typo', () => {
    assert.deepEqual(suggestNames('mcp_gh_crate_issue', ['mcp_gh_create_issue', 'mcp_gh_list_issues', 'mcp_slack_post']), ['mcp_gh_create_issue']);
  });

  it('offers names that contain the given fragment', () => {
    assert.deepEqual(suggestNames('create_issue', ['mcp_github_create_issue', 'mcp_github_get_me']), ['mcp_github_create_issue']);
  });

  it('offers nothing for an unrelated name', () => {
    assert.deepEqual(suggestNames('weather', ['mcp_github_create_issue']), []);
  });

  it('counts a swap of neighbouring letters as one edit', () => {
    assert.equal(editDistance('grahp', 'graph'), 1);
    assert.equal(editDistance('', 'abc'), 3);
  });
});
