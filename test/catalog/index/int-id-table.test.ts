import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { IntIdTable } from '../../../src/catalog/index/int-id-table.ts';

describe('IntIdTable', () => {
  it('maps every id to its dense id and any other id to -1, as a Map would', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(), { maxLength: 300 }),
        fc.array(fc.integer({ min: -5, max: 2_000_000 }), { maxLength: 50 }),
        (ids, probes) => {
          const table = new IntIdTable(ids);
          const reference = new Map(ids.map((id, dense) => [id, dense]));
          for (const id of [...ids, ...probes]) assert.equal(table.get(id), reference.get(id) ?? -1, `id ${id}`);
        },
      ),
    );
  });

  it('finds ids that collide in their slot (multiples of the table size)', () => {
    const ids = Array.from({ length: 40 }, (_, position) => position * 1_024);
    const table = new IntIdTable(ids);
    ids.forEach((id, dense) => assert.equal(table.get(id), dense));
    assert.equal(table.get(41 * 1_024), -1);
    assert.equal(new IntIdTable([]).get(0), -1);
  });
});
