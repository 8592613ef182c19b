import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { groupTestFiles, ONE_PROCESS_GROUPS, orderedTestFiles } from '../../scripts/list-test-files.ts';

/** A project folder holding empty files at `paths`. */
function projectWith(paths: readonly string[]): { root: string; remove(): void } {
  const root = mkdtempSync(join(tmpdir(), 'tool-search-test-list-'));
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), '');
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

const SLOW = ['test/far/slow.test.ts', 'test/units/slower.test.ts'];
const LISTS = {
  longestFirst: [SLOW[0]!, 'test/one/units.ts', SLOW[1]!],
  groups: { 'test/one/units.ts': ['test/units', 'test/more'], 'test/one/other.ts': ['test/b'] },
};
const FILES = [
  ...SLOW,
  'test/one/units.ts',
  'test/one/other.ts',
  'test/b/d.test.ts',
  'test/units/b.test.ts',
  'test/units/deep/a.test.ts',
  'test/more/c.test.ts',
  'test/units/helper.ts',
  'test/near/quick.test.ts',
  'test/a/first.test.ts',
];

describe('npm test: the list of test files', () => {
  it('lists the longest first, then the other group runners, then the files of no group by path; a group leaves out the longest', () => {
    const project = projectWith(FILES);
    try {
      assert.deepEqual(orderedTestFiles(project.root, LISTS), [
        'test/far/slow.test.ts',
        'test/one/units.ts',
        'test/units/slower.test.ts',
        'test/one/other.ts',
        'test/a/first.test.ts',
        'test/near/quick.test.ts',
      ]);
      assert.deepEqual(groupTestFiles('test/one/other.ts', project.root, LISTS), ['test/b/d.test.ts']);
      assert.deepEqual(groupTestFiles('test/one/units.ts', project.root, LISTS), [
        'test/units/b.test.ts',
        'test/units/deep/a.test.ts',
        'test/more/c.test.ts',
      ]);
    } finally {
      project.remove();
    }
  });

  it('stops naming a listed file or runner that is gone', () => {
    const project = projectWith(FILES.filter((file) => file !== SLOW[0] && file !== 'test/one/other.ts'));
    try {
      assert.throws(
        () => orderedTestFiles(project.root, LISTS),
        /lists files that no longer exist: test\/far\/slow\.test\.ts, test\/one\/other\.ts$/,
      );
    } finally {
      project.remove();
    }
  });

  it("runs each of this project's test files exactly once", () => {
    const root = resolve(import.meta.dirname, '..', '..');
    const all = readdirSync(join(root, 'test'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => relative(root, join(root, 'test', file)))
      .sort();
    const listed = orderedTestFiles().flatMap((file) => (file in ONE_PROCESS_GROUPS ? groupTestFiles(file) : [file]));
    assert.deepEqual([...listed].sort(), all);
    assert.equal(new Set(listed).size, listed.length);
  });
});
