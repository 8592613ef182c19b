import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { MEANING_QUERY, MEANING_TOOLS } from '../support/meaning-fixture.ts';
import { runCli } from '../support/run-cli.ts';

const directory = mkdtempSync(join(tmpdir(), 'tool-search-semantic-'));
after(() => rmSync(directory, { recursive: true, force: true }));

function toolsFile(): string {
  const toolsets: Record<string, unknown[]> = {};
  for (const { toolset, name, description } of MEANING_TOOLS) {
    (toolsets[toolset] ??= []).push({ name, description, parameters: { type: 'object', properties: {} } });
  }
  const path = join(directory, 'tools.json');
  writeFileSync(path, JSON.stringify(toolsets));
  return path;
}

// Loads the real sentence encoder (a devDependency): one test, one load.
describe('tool-search search --semantic', () => {
  it('ranks first by meaning a tool that the words-only search ranks lower', async () => {
    const tools = toolsFile();
    const words = await runCli(['search', '--tools', tools, '--json', MEANING_QUERY]);
    assert.equal(words.code, 0, words.stderr);
    const byWords = JSON.parse(words.stdout).matches.map((match: { name: string }) => match.name);
    assert.deepEqual(byWords, ['science_facts_get_weight', 'sports_ranking_get_champion'], 'the premise: by words, the weight tool comes first');

    const semantic = await runCli(['search', '--tools', tools, '--semantic', '--json', MEANING_QUERY]);
    assert.equal(semantic.code, 0, semantic.stderr);
    assert.equal(semantic.stderr, '', 'no warnings: the encoder loaded and every tool was embedded in time');
    const result = JSON.parse(semantic.stdout);
    assert.equal(result.query, MEANING_QUERY);
    assert.equal(result.total_available, 3);
    assert.equal(result.matches[0].name, 'sports_ranking_get_champion');
  });
});
