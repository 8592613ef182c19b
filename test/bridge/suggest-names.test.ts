import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { editDistance } from '../../src/bridge/edit-distance.ts';
import { suggestNames, type MeasureDistance } from '../../src/bridge/suggest-names.ts';

/** editDistance, recording the lengths of every pair it is asked to compare. */
function observedDistance(): { measure: MeasureDistance; compared: [number, number][] } {
  const compared: [number, number][] = [];
  return {
    compared,
    measure: (left, right, maximum) => {
      compared.push([left.length, right.length]);
      return editDistance(left, right, maximum);
    },
  };
}

const NAMES = ['mcp_gh_create_issue', 'mcp_gh_list_issues', 'mcp_slack_post', 'mcp_gh_get_me'];

describe('suggestNames', () => {
  it('offers the closest names for a typo', () => {
    assert.deepEqual(suggestNames('mcp_gh_crate_issue', ['mcp_gh_create_issue', 'mcp_gh_list_issues', 'mcp_slack_post']), [
      'mcp_gh_create_issue',
    ]);
  });

  it('offers names that contain the given fragment', () => {
    assert.deepEqual(suggestNames('create_issue', ['mcp_github_create_issue', 'mcp_github_get_me']), ['mcp_github_create_issue']);
  });

  it('offers a name the given one contains', () => {
    assert.deepEqual(suggestNames('functions.mcp_gh_get_me', NAMES), ['mcp_gh_get_me']);
  });

  it('offers nothing for an unrelated name', () => {
    assert.deepEqual(suggestNames('weather', ['mcp_github_create_issue']), []);
  });

  it('compares a name only with candidates whose length could be close enough', () => {
    const { measure, compared } = observedDistance();
    assert.deepEqual(suggestNames('mcp_gh_crate_issue', [...NAMES, 'x', 'a_much_longer_name_that_cannot_be_a_typo_of_it'], 3, measure), [
      'mcp_gh_create_issue',
    ]);
    // A quarter of 18 or 19 characters may be wrong: 4 edits, so lengths 14 to 22 only.
    assert.deepEqual(compared, [
      [18, 19],
      [18, 18],
      [18, 14],
    ]);
  });

  it('offers nothing for a name over twice as long as the longest candidate, without comparing it', () => {
    const { measure, compared } = observedDistance();
    const longest = Math.max(...NAMES.map((name) => name.length));
    assert.deepEqual(suggestNames(`${'mcp_gh_get_me'}${'x'.repeat(2 * longest)}`, NAMES, 3, measure), []);
    assert.deepEqual(suggestNames('m'.repeat(1_000_000), NAMES, 3, measure), []);
    assert.deepEqual(compared, []);
  });

  it('still offers names to a name up to twice as long as the longest candidate that contains one', () => {
    const longest = Math.max(...NAMES.map((name) => name.length));
    const wanted = `mcp_slack_post${'x'.repeat(2 * longest - 'mcp_slack_post'.length)}`;
    assert.deepEqual(suggestNames(wanted, NAMES), ['mcp_slack_post']);
  });
});
