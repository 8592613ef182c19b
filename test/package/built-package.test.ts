import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { ENTRY_POINT_EXPORTS, specifierOf } from '../support/package-entry-points.ts';

/** Imports `specifier` in a plain Node process (no TypeScript loader) and returns its export names. */
function exportNamesInPlainNode(specifier: string): Promise<string[]> {
  const script = `const module = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(module)));`;
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', script],
      { cwd: PROJECT_ROOT, env: { ...process.env, NODE_OPTIONS: '' } },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`${specifier}: ${stderr}`));
        else resolvePromise(JSON.parse(stdout) as string[]);
      },
    );
  });
}

describe('the built package (dist/, what npm consumers import)', () => {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
    dependencies: Record<string, string>;
  };

  it('lists exactly the entry points this test checks', () => {
    assert.deepEqual(Object.keys(manifest.exports).sort(), Object.keys(ENTRY_POINT_EXPORTS).sort());
  });

  for (const [entry, name] of Object.entries(ENTRY_POINT_EXPORTS)) {
    it(`loads ${entry} in plain Node, without a TypeScript loader`, async () => {
      const specifier = specifierOf(manifest.name, entry);
      assert.ok((await exportNamesInPlainNode(specifier)).includes(name), `${specifier} exports ${name}`);
    });
  }

  it('needs no TypeScript runtime to run', () => {
    assert.equal(manifest.dependencies['tsx'], undefined);
    assert.equal(manifest.dependencies['typescript'], undefined);
  });
});
