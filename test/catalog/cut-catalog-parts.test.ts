import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cutCatalogParts } from '../../src/catalog/cut-catalog-parts.ts';

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
  const sizes = { average: 16, maximum: 64, minimumCatalog: 0 };
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
    for (const [what, changed] of [['edited', edited], ['added', added], ['removed', removed]] as const) {
      const parts = partsOf(changed, cutCatalogParts(changed, sizes));
      const newParts = parts.filter((part) => !before.has(part));
      assert.ok(newParts.length >= 1 && newParts.length <= 2, `${what}: ${newParts.length} parts differ`);
    }
  });

  it('gives nothing for an empty catalog and one part for a catalog with no cut', () => {
    assert.deepEqual(cutCatalogParts(new Int32Array(0), sizes), []);
    assert.deepEqual(cutCatalogParts(Int32Array.from([5, 6]), { ...sizes, average: 0x1_0000_0000 }), [2]);
  });
});
