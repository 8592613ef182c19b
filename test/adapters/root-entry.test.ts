import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';

/** Every module the root entry reaches through relative imports, and every bare import among them. */
function bareImportsReachableFrom(entry: string): Set<string> {
  const bare = new Set<string>();
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) pending.push(resolve(dirname(file), specifier));
      else bare.add(specifier);
    }
  }
  return bare;
}

describe('the root entry', () => {
  it('imports no package at all: the core is dependency-free', () => {
    const bare = bareImportsReachableFrom(join(PROJECT_ROOT, 'src', 'index.ts'));
    assert.deepEqual(
      [...bare].filter((specifier) => !specifier.startsWith('node:')),
      [],
    );
  });

  it('loads without the optional SDKs being touched', async () => {
    const library = await import('../../src/index.ts');
    assert.equal(typeof library.createToolSearchSession, 'function');
    assert.equal(typeof library.assembleTools, 'function');
  });
});
