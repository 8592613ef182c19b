import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadSemanticRanker } from '../../src/cli/load-semantic-ranker.ts';

describe('loadSemanticRanker (the CLI\'s and gateway\'s ranker by meaning)', () => {
  const cache = mkdtempSync(join(tmpdir(), 'tool-search-ranker-'));
  const previous = process.env['TOOL_SEARCH_CACHE_DIR'];
  process.env['TOOL_SEARCH_CACHE_DIR'] = cache;
  after(() => {
    if (previous === undefined) delete process.env['TOOL_SEARCH_CACHE_DIR'];
    else process.env['TOOL_SEARCH_CACHE_DIR'] = previous;
    rmSync(cache, { recursive: true, force: true });
  });

  it('keeps the words ranking\'s first two tools in place, as chosen for catalogs of MCP servers', async () => {
    const warnings: string[] = [];
    const { ranker } = await loadSemanticRanker('--semantic', (line) => warnings.push(line));
    assert.equal(ranker.keepWordsFirst, 2);
    assert.equal(ranker.wordsLeadRatio, 1.2);
    assert.deepEqual(warnings, []);
  });
});
