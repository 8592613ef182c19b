import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';

// docs/behaviour.md names, for each rule, the tests that hold it as `file`: "test name", "test name".
// A renamed or deleted test would leave a rule claiming a guard it no longer has; this keeps the
// document true to the suite.

const ROOT = resolve(import.meta.dirname, '..', '..');
const BEHAVIOUR = readFileSync(join(ROOT, 'docs', 'behaviour.md'), 'utf8');

/** Every `- \`file\`: "name", "name"` line of the document, as a file and its cited test names. */
function citations(markdown: string): { file: string; names: string[] }[] {
  return [...markdown.matchAll(/^\s*- `([^`]+\.test\.ts)`: (.+)$/gm)].map((match) => ({
    file: match[1]!,
    // A name may hold quotes, written \" in the document.
    names: [...match[2]!.matchAll(/"((?:[^"\\]|\\.)+)"/g)].map((name) => name[1]!.replace(/\\"/g, '"')),
  }));
}

describe('docs/behaviour.md', () => {
  it('cites tests, at least one for each of its numbered rules', () => {
    const rules = [...BEHAVIOUR.matchAll(/^(\d+)\. \*\*/gm)].length;
    assert.ok(rules >= 29, `expected at least 29 numbered rules, found ${rules}`);
    assert.ok(citations(BEHAVIOUR).length >= rules);
  });

  it('names only test files that exist, and only test names those files hold', () => {
    const missing: string[] = [];
    for (const { file, names } of citations(BEHAVIOUR)) {
      const path = join(ROOT, 'test', file);
      if (!existsSync(path)) {
        missing.push(`${file} (no such file)`);
        continue;
      }
      const source = readFileSync(path, 'utf8');
      for (const name of names) if (!source.includes(name)) missing.push(`${file}: "${name}"`);
    }
    assert.deepEqual(missing, []);
  });
});
