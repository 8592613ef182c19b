import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { recordBytes } from '../../src/embeddings/vector-file-format.ts';
import { withVectorFile } from '../../src/embeddings/vector-file.ts';
import { bagOfStems } from '../support/embeddings-endpoint.ts';

/** bagOfStems as a TextEmbedder that records every text it embeds. */
function countingEmbedder(): TextEmbedder & { readonly embedded: string[] } {
  const embedded: string[] = [];
  return {
    embedded,
    async embed(texts) {
      embedded.push(...texts);
      return bagOfStems([...texts]);
    },
  };
}

describe('withVectorFile', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tool-search-vector-file-'));
  after(() => rmSync(folder, { recursive: true, force: true }));
  let files = 0;
  const newPath = (): string => join(folder, `sub-${++files}`, 'vectors.bin');

  it('embeds in a second process only the tool texts that are new or changed', async () => {
    const path = newPath();
    const first = countingEmbedder();
    const firstRun = withVectorFile(first, { path, model: 'stems' });
    const asFloats = (texts: string[]) => bagOfStems(texts).map((vector) => Float32Array.from(vector));
    assert.deepEqual(await firstRun.embed(['create an issue', 'list issues'], 'tools'), asFloats(['create an issue', 'list issues']));
    await firstRun.flush();

    const second = countingEmbedder();
    const secondRun = withVectorFile(second, { path, model: 'stems' });
    const vectors = await secondRun.embed(['create an issue', 'list issues, newest first'], 'tools');
    assert.deepEqual(second.embedded, ['list issues, newest first']);
    assert.deepEqual(vectors, asFloats(['create an issue', 'list issues, newest first']));
  });

  it('keeps the file owner-only and the texts out of it', async () => {
    const path = newPath();
    const run = withVectorFile(countingEmbedder(), { path, model: 'stems' });
    await run.embed(['a secret-looking tool text'], 'tools');
    await run.flush();
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.equal(statSync(join(path, '..')).mode & 0o777, 0o700);
    assert.ok(!readFileSync(path).toString('latin1').includes('secret-looking'));
  });

  it('never writes queries', async () => {
    const path = newPath();
    const run = withVectorFile(countingEmbedder(), { path, model: 'stems' });
    await run.embed(['what the user asked'], 'query');
    await run.flush();
    assert.throws(() => statSync(path), /ENOENT/);
  });

  it("starts over a file of another model's vectors", async () => {
    const path = newPath();
    const before = withVectorFile(countingEmbedder(), { path, model: 'stems' });
    await before.embed(['create an issue'], 'tools');
    await before.flush();
    const other = countingEmbedder();
    await withVectorFile(other, { path, model: 'another model' }).embed(['create an issue'], 'tools');
    assert.deepEqual(other.embedded, ['create an issue']);
  });

  it('keeps the file within maxBytes, the newest vectors kept', async () => {
    const path = newPath();
    const maxBytes = 10 * recordBytes(64);
    const run = withVectorFile(countingEmbedder(), { path, model: 'stems', maxBytes });
    for (let batch = 0; batch < 5; batch++)
      await run.embed(
        Array.from({ length: 4 }, (_, index) => `tool ${batch} ${index}`),
        'tools',
      );
    await run.flush();
    assert.ok(statSync(path).size <= maxBytes + 200, `${statSync(path).size} bytes`);
    const again = countingEmbedder();
    await withVectorFile(again, { path, model: 'stems', maxBytes }).embed(['tool 4 3', 'tool 0 0'], 'tools');
    assert.deepEqual(again.embedded, ['tool 0 0']);
  });

  it('reads the sound records of a damaged file and embeds the rest again', async () => {
    const path = newPath();
    const run = withVectorFile(countingEmbedder(), { path, model: 'stems' });
    await run.embed(['one', 'two'], 'tools');
    await run.flush();
    const bytes = readFileSync(path);
    writeFileSync(path, bytes.subarray(0, bytes.length - 10));
    const again = countingEmbedder();
    await withVectorFile(again, { path, model: 'stems' }).embed(['one', 'two'], 'tools');
    assert.equal(again.embedded.length, 1);
  });

  it('gives up a file it cannot write with one warning, and embeds on', async () => {
    const blocker = join(folder, 'a-file');
    writeFileSync(blocker, '');
    const warnings: string[] = [];
    const run = withVectorFile(countingEmbedder(), {
      path: join(blocker, 'vectors.bin'),
      model: 'stems',
      onWarning: (line) => warnings.push(line),
    });
    await run.embed(['one'], 'tools');
    await run.embed(['two'], 'tools');
    await run.flush();
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /^the vector cache .*vectors\.bin cannot be used \(.*\); tools will be embedded again at the next start$/);
  });
});
