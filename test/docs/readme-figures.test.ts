import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { SYNONYM_GROUPS } from '../../src/catalog/query/synonym-groups.ts';

// The README quotes the committed benchmark run (bench/results/search.md) and counts parts of the
// code; a new run or a new synonym group without the README following would leave the front door
// claiming figures nobody measured. These hold the quoted figures to their sources.

const ROOT = resolve(import.meta.dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const SEARCH_RESULTS = readFileSync(join(ROOT, 'bench', 'results', 'search.md'), 'utf8');

/** The README's held-out table label -> the data set's name in bench/results/search.md. */
const HELD_OUT_SETS: Record<string, string> = {
  'Seal-Tools test_in': 'Seal-Tools test_in',
  'BFCL v4': 'BFCL v4',
  MetaTool: 'MetaTool',
  LiveMCPBench: 'LiveMCPBench',
  'MCP requests over unseen servers': 'MCP requests (unseen servers)',
  'MCP requests, second unseen set': 'MCP requests (second unseen set)',
};
/** The README's held-out table columns, in order, as the rankers of bench/results/search.md. */
const RANKERS = ['Tool Search (ours)', 'Ours + sentence encoder (opt-in)', 'BM25 (plain)', 'MiniSearch 7'];

/** R@1 / R@5 of one ranker on one held-out set, as the committed run wrote them. */
function benchFigures(set: string, ranker: string): string {
  const row = SEARCH_RESULTS.split('\n').find((line) => line.startsWith(`| ${set} | held-out |`) && line.includes(`| ${ranker} |`));
  assert.ok(row !== undefined, `bench/results/search.md has no held-out row for ${set}, ${ranker}`);
  const cells = row.split('|').map((cell) => cell.trim());
  return `${cells[6]} / ${cells[7]}`;
}

describe('the README figures', () => {
  it('quote the held-out R@1 / R@5 of the committed benchmark run, for every ranker', () => {
    const rows = README.split('\n').filter((line) => Object.keys(HELD_OUT_SETS).some((label) => line.startsWith(`| ${label} (`)));
    assert.equal(rows.length, Object.keys(HELD_OUT_SETS).length, 'one README row per held-out set');
    for (const row of rows) {
      const label = Object.keys(HELD_OUT_SETS).find((candidate) => row.startsWith(`| ${candidate} (`))!;
      const quoted = row
        .split('|')
        .slice(2, 6)
        .map((cell) => cell.trim());
      assert.deepEqual(
        quoted,
        RANKERS.map((ranker) => benchFigures(HELD_OUT_SETS[label]!, ranker)),
        `README row for ${label}`,
      );
    }
  });

  it('name the commit of the committed benchmark run', () => {
    const commit = /commit ([0-9a-f]{7,})/.exec(SEARCH_RESULTS)?.[1];
    assert.ok(commit !== undefined);
    assert.match(README, new RegExp(`npm run bench\` of\\s+\\S+,\\s+commit ${commit}`));
  });

  it('count the synonym groups the search ships', () => {
    assert.match(README, new RegExp(`\\b${SYNONYM_GROUPS.length} hand-curated synonym groups`));
  });
});
