import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutCatalogParts } from '../../../src/catalog/index/cut-catalog-parts.ts';

/** The parts of `ids` as strings of their ids, for comparing two cuttings. */
function partsOf(ids: Int32Array, ends: readonly number[]): string[] {
  let start = 0;
  return ends.map((end) => {
    const part = [...ids.subarray(start, end)].join(',');
    start = end;
    return part;
  });
}

describe('cutCatalogParts', () => {
  const sizes = { average: 16, minimum: 4, maximum: 64, minimumCatalog: 0 };
  const ids = Int32Array.from({ length: 2_000 }, (_, position) => position * 7 + 3);

  it('covers every position once, in parts of at most the maximum, about the average on the whole', () => {
    const ends = cutCatalogParts(ids, sizes);
    assert.equal(ends.at(-1), ids.length);
    let start = 0;
    for (const end of ends) {
      assert.ok(end > start && end - start <= sizes.maximum, `${start}..${end}`);
      start = end;
    }
    const average = ids.length / ends.length;
    assert.ok(average > sizes.average / 2 && average < sizes.average * 2, `average ${average}`);
  });

  it('moves only the cuts next to an edited, added or removed tool', () => {
    const before = new Set(partsOf(ids, cutCatalogParts(ids, sizes)));
    const edited = ids.slice();
    edited[1_000] = 999_999;
    const added = Int32Array.from([...ids.subarray(0, 700), 888_888, ...ids.subarray(700)]);
    const removed = Int32Array.from([...ids.subarray(0, 1_500), ...ids.subarray(1_501)]);
    for (const [what, changed] of [
      ['edited', edited],
      ['added', added],
      ['removed', removed],
    ] as const) {
      const parts = partsOf(changed, cutCatalogParts(changed, sizes));
      const newParts = parts.filter((part) => !before.has(part));
      assert.ok(newParts.length >= 1 && newParts.length <= 2, `${what}: ${newParts.length} parts differ`);
    }
  });

  it('makes no part smaller than the minimum but the last, even of a catalog of one content repeated', () => {
    const repeated = new Int32Array(1_000);
    // Find an id that hashes into the cut range, so that every tool of the catalog asks for a cut.
    let id = 0;
    while (cutCatalogParts(Int32Array.from([id, id]), { ...sizes, minimum: 1 }).length !== 2) id++;
    repeated.fill(id);
    const ends = cutCatalogParts(repeated, sizes);
    let start = 0;
    for (const end of ends.slice(0, -1)) {
      assert.equal(end - start, sizes.minimum);
      start = end;
    }
    assert.equal(ends.length, Math.ceil(repeated.length / sizes.minimum));
  });

  it('gives nothing for an empty catalog and one part for a catalog with no cut', () => {
    assert.deepEqual(cutCatalogParts(new Int32Array(0), sizes), []);
    assert.deepEqual(cutCatalogParts(Int32Array.from([5, 6]), { ...sizes, average: 0x1_0000_0000 }), [2]);
  });
});
