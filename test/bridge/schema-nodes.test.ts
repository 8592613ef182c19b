import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { schemaNodesOf } from '../../src/bridge/schema-nodes.ts';

describe('schemaNodesOf', () => {
  it('finds the subschemas under properties, items and combinators with their depth', () => {
    const schema = {
      type: 'object',
      properties: {
        description: { type: 'string' },
        tags: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
      },
      $defs: { shared: { type: 'integer' } },
    };
    const found = schemaNodesOf(schema).map(({ node, depth }) => `${depth}:${JSON.stringify(node).slice(0, 24)}`);
    assert.deepEqual(found.sort(), [
      '0:{"type":"object","proper',
      '1:{"type":"array","items":',
      '1:{"type":"integer"}',
      '1:{"type":"string"}',
      '2:{"anyOf":[{"type":"strin',
      '3:{"type":"null"}',
      '3:{"type":"string"}',
    ]);
  });

  it('never takes an enum value or an example for a schema', () => {
    const nodes = schemaNodesOf({ enum: [{ type: 'string' }], examples: [{ type: 'string' }], default: { type: 'string' } });
    assert.equal(nodes.length, 1);
  });
});
