import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compileGlob, matchesAnyGlob, matchesGlob } from '../../src/tools/glob.ts';

/** The glob as a regular expression, the obvious way: the reference for the matcher. */
function referenceMatch(name: string, pattern: string): boolean {
  const source = [...pattern]
    .map((character) => (character === '*' ? '.*' : character === '?' ? '.' : character.replace(/[.+^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`, 's').test(name);
}

describe('matchesGlob', () => {
  it('matches whole names, * as any run and ? as one character', () => {
    assert.equal(matchesGlob('browser_click', 'browser_*'), true);
    assert.equal(matchesGlob('my_browser_click', 'browser_*'), false);
    assert.equal(matchesGlob('mcp_github_create_issue', 'mcp_*_create_*'), true);
    assert.equal(matchesGlob('read_file', 'read_fil?'), true);
    assert.equal(matchesGlob('read_file', 'read_fi?'), false);
    assert.equal(matchesGlob('terminal', 'terminal'), true);
    assert.equal(matchesGlob('a.b', 'a?b'), true);
    assert.equal(matchesGlob('axb', 'a.b'), false);
    assert.equal(matchesAnyGlob('mcp_slack_post', ['mcp_github_*', '*_post']), true);
  });

  it('answers a pattern of many stars against a long name without backtracking', () => {
    // As a regular expression (referenceMatch) this backtracks through more combinations than there
    // are atoms: the test would never return.
    const pattern = `${'*a'.repeat(30)}*b`;
    assert.equal(matchesGlob('a'.repeat(100_000), pattern), false);
    assert.equal(matchesGlob(`${'a'.repeat(100_000)}b`, pattern), true);
  });

  it('agrees with the regular expression it replaces', () => {
    const text = (units: string[]) => fc.string({ unit: fc.constantFrom(...units), maxLength: 10 });
    fc.assert(
      fc.property(text(['a', 'b', '.']), text(['a', 'b', '.', '*', '?']), (name, pattern) => {
        assert.equal(matchesGlob(name, pattern), referenceMatch(name, pattern));
        assert.equal(compileGlob(pattern)(name), referenceMatch(name, pattern));
      }),
      { numRuns: 5_000 },
    );
  });
});
