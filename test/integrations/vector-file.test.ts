import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { EmbeddingPurpose, TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { decodeVectorFile, encodeHeader, encodeRecords } from '../../src/integrations/sentence-encoder/vector-file-format.ts';
import { withVectorFile } from '../../src/integrations/sentence-encoder/vector-file.ts';

const directory = mkdtempSync(join(tmpdir(), 'tool-search-vector-file-'));
after(() => rmSync(directory, { recursive: true, force: true }));
let files = 0;
const freshPath = (): string => join(directory, `case-${++files}`, 'vectors.bin');

/** Vectors from the text (its length and first character code), recording every call. */
function countingEmbedder(width = 3): TextEmbedder & { readonly calls: { texts: string[]; purpose?: EmbeddingPurpose }[] } {
  const calls: { texts: string[]; purpose?: EmbeddingPurpose }[] = [];
  return {
    calls,
    async embed(texts, purpose) {
      calls.push({ texts: [...texts], ...(purpose === undefined ? {} : { purpose }) });
      return texts.map((text) => Array.from({ length: width }, (_, index) => text.length + index / 4 + (text.charCodeAt(0) || 0) / 1000));
    },
  };
}

const embeddedTexts = (embedder: ReturnType<typeof countingEmbedder>): string[] => embedder.calls.flatMap((call) => call.texts);

describe('tool vectors kept in a file (withVectorFile)', () => {
  it('a second process embeds no tool text the first one embedded, and gets the same vectors', async () => {
    const path = freshPath();
    const first = countingEmbedder();
    const firstFile = withVectorFile(first, { path, model: 'm@1' });
    const vectors = await firstFile.embed(['create issue: Open an issue.', 'send message: Post to a channel.'], 'tools');
    await firstFile.flush();
    assert.deepEqual(embeddedTexts(first), ['create issue: Open an issue.', 'send message: Post to a channel.']);

    const second = countingEmbedder();
    const secondFile = withVectorFile(second, { path, model: 'm@1' });
    const again = await secondFile.embed(['send message: Post to a channel.', 'create issue: Open an issue.', 'list files: In a folder.'], 'tools');
    await secondFile.flush();
    assert.deepEqual(embeddedTexts(second), ['list files: In a folder.'], 'only the new text is embedded');
    assert.deepEqual(Array.from(again[1]!), Array.from(vectors[0]!));
    assert.deepEqual(Array.from(again[0]!), Array.from(vectors[1]!));
    assert.equal(decodeVectorFile(readFileSync(path), 'm@1').vectors.size, 3, 'the new vector was appended');
  });

  it('never writes a query, and embeds a repeated query again', async () => {
    const path = freshPath();
    const embedder = countingEmbedder();
    const file = withVectorFile(embedder, { path, model: 'm@1' });
    await file.embed(['weather: Current weather.'], 'tools');
    await file.embed(['is it raining in Paris'], 'query');
    await file.flush();
    assert.ok(!readFileSync(path).includes('raining'), 'the query is in the file');
    const next = countingEmbedder();
    await withVectorFile(next, { path, model: 'm@1' }).embed(['is it raining in Paris'], 'query');
    assert.deepEqual(next.calls, [{ texts: ['is it raining in Paris'], purpose: 'query' }]);
  });

  it('reads the whole records before a torn one, and rewrites the file whole', async () => {
    const path = freshPath();
    const texts = ['a tool: one', 'b tool: two', 'c tool: three'];
    const file = withVectorFile(countingEmbedder(), { path, model: 'm@1' });
    for (const text of texts) await file.embed([text], 'tools');
    await file.flush();
    truncateSync(path, statSync(path).size - 5); // a crash in the middle of the last append

    const after = countingEmbedder();
    const reopened = withVectorFile(after, { path, model: 'm@1' });
    await reopened.embed(texts, 'tools');
    await reopened.flush();
    assert.deepEqual(embeddedTexts(after), ['c tool: three']);
    const contents = decodeVectorFile(readFileSync(path), 'm@1');
    assert.equal(contents.problem, undefined, 'the file is sound again');
    assert.deepEqual([...contents.vectors.keys()].sort(), texts);
  });

  it('starts over on a file of another model or of no known format', async () => {
    const path = freshPath();
    const old = withVectorFile(countingEmbedder(), { path, model: 'm@1' });
    await old.embed(['a tool: one'], 'tools');
    await old.flush();
    const other = countingEmbedder();
    const newer = withVectorFile(other, { path, model: 'm@2' });
    await newer.embed(['a tool: one'], 'tools');
    await newer.flush();
    assert.deepEqual(embeddedTexts(other), ['a tool: one'], 'vectors of another model were used');
    assert.equal(decodeVectorFile(readFileSync(path), 'm@2').vectors.size, 1);
    assert.equal(decodeVectorFile(readFileSync(path), 'm@1').problem, 'other-model');

    const garbage = freshPath();
    mkdirSync(join(garbage, '..'), { recursive: true });
    writeFileSync(garbage, 'not a vector file at all');
    const fresh = withVectorFile(countingEmbedder(), { path: garbage, model: 'm@1' });
    const [vector] = await fresh.embed(['a tool: one'], 'tools');
    await fresh.flush();
    assert.equal(vector!.length, 3);
    assert.equal(decodeVectorFile(readFileSync(garbage), 'm@1').vectors.size, 1);
  });

  it('keeps the newest vectors, about half the size limit, when the file has grown past it', async () => {
    const path = freshPath();
    const texts = Array.from({ length: 20 }, (_, index) => `tool ${String(index).padStart(2, '0')}: does a thing`);
    const writer = withVectorFile(countingEmbedder(), { path, model: 'm@1' });
    for (const text of texts) await writer.embed([text], 'tools');
    await writer.flush();
    const size = statSync(path).size;

    const trimmer = withVectorFile(countingEmbedder(), { path, model: 'm@1', maxBytes: size / 2 });
    await trimmer.embed(['a new tool: x'], 'tools');
    await trimmer.flush();
    const kept = [...decodeVectorFile(readFileSync(path), 'm@1').vectors.keys()];
    assert.ok(statSync(path).size <= size / 2, `${statSync(path).size} bytes`);
    assert.equal(kept.at(-1), 'a new tool: x');
    assert.ok(kept.includes(texts.at(-1)!) && !kept.includes(texts[0]!), kept.join(' | '));
  });

  it('starts a file far past the size limit over without reading it', async () => {
    const path = freshPath();
    const writer = withVectorFile(countingEmbedder(), { path, model: 'm@1' });
    for (let index = 0; index < 40; index++) await writer.embed([`tool ${index}: does a thing`], 'tools');
    await writer.flush();
    const reader = countingEmbedder();
    const small = withVectorFile(reader, { path, model: 'm@1', maxBytes: statSync(path).size / 5 });
    await small.embed(['tool 39: does a thing'], 'tools');
    await small.flush();
    assert.deepEqual(embeddedTexts(reader), ['tool 39: does a thing'], 'the newest vector was read from a file over 4 times the limit');
    assert.equal(decodeVectorFile(readFileSync(path), 'm@1').vectors.size, 1);
  });

  it('gives up on a file it cannot write with one warning, and still embeds', async () => {
    const blocker = join(directory, 'a-file-not-a-folder');
    writeFileSync(blocker, '');
    const warnings: string[] = [];
    const embedder = countingEmbedder();
    const file = withVectorFile(embedder, { path: join(blocker, 'vectors.bin'), model: 'm@1', onWarning: (line) => warnings.push(line) });
    for (const text of ['a tool: one', 'b tool: two']) assert.equal((await file.embed([text], 'tools'))[0]!.length, 3);
    await file.flush();
    assert.equal(warnings.length, 1, warnings.join('\n'));
    assert.match(warnings[0]!, /^warning: the vector cache .*a-file-not-a-folder.* cannot be used \(.+\); tool texts will be embedded again next time$/);
  });

  it('stays sound when two embedders share the file and write at the same time', async () => {
    const path = freshPath();
    const warnings: string[] = [];
    const onWarning = (line: string): number => warnings.push(line);
    const left = withVectorFile(countingEmbedder(), { path, model: 'm@1', onWarning });
    const right = withVectorFile(countingEmbedder(), { path, model: 'm@1', onWarning });
    const texts = Array.from({ length: 12 }, (_, index) => `tool ${index}: does thing ${index}`);
    await Promise.all(texts.map((text, index) => (index % 2 === 0 ? left : right).embed([text], 'tools')));
    await Promise.all([left.flush(), right.flush()]);
    assert.deepEqual(warnings, [], 'each start-over writes its own temporary file');
    const contents = decodeVectorFile(readFileSync(path), 'm@1');
    assert.equal(contents.problem, undefined);
    assert.ok(contents.vectors.size > 0);
    const reference = countingEmbedder();
    for (const [text, vector] of contents.vectors) {
      const [expected] = await reference.embed([text], 'tools');
      assert.deepEqual(Array.from(vector), Array.from(expected!, Math.fround), text);
    }
  });

  it('keeps no vector that is not finite: the caller gets it, and the next process embeds the text again', async () => {
    const path = freshPath();
    const broken: TextEmbedder = { embed: async (texts) => texts.map((text) => (text.startsWith('bad') ? [Number.NaN, 1, 1] : [1, 2, 3])) };
    const file = withVectorFile(broken, { path, model: 'm@1' });
    const [bad, good] = await file.embed(['bad tool: x', 'good tool: y'], 'tools');
    await file.flush();
    assert.ok(Number.isNaN(bad![0]!) && good![0] === 1);
    const next = countingEmbedder();
    await withVectorFile(next, { path, model: 'm@1' }).embed(['bad tool: x', 'good tool: y'], 'tools');
    assert.deepEqual(embeddedTexts(next), ['bad tool: x']);
  });

  it('encodes and decodes records exactly, and refuses a vector of another width', () => {
    const vector = Float32Array.from([0.25, -1.5, 3e-8]);
    const bytes = Buffer.concat([encodeHeader('m@1', 3), encodeRecords([['héllo ✓', vector]], 3)]);
    const contents = decodeVectorFile(bytes, 'm@1');
    assert.equal(contents.dimensions, 3);
    assert.deepEqual([...contents.vectors.get('héllo ✓')!], [...vector]);
    const flipped = Buffer.from(bytes);
    flipped[flipped.length - 6]! ^= 1; // one bit of the vector
    assert.equal(decodeVectorFile(flipped, 'm@1').problem, 'broken');
    assert.equal(decodeVectorFile(flipped, 'm@1').vectors.size, 0);
    assert.throws(() => encodeRecords([['x', new Float32Array(2)]], 3), /2 components in a file of 3/);
  });
});
