import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeParameters } from '../../src/dispatch/summarize-parameters.ts';

describe('summarizeParameters', () => {
  it('gives each parameter its type, whether it is required and its allowed values, in schema order', () => {
    const summary = summarizeParameters({
      type: 'object',
      properties: {
        title: { type: 'string', description: 'left out' },
        priority: { enum: ['low', 'high'] },
        tags: { type: 'array', items: { type: 'string' } },
        due: { type: ['string', 'null'] },
        kind: { const: 'task' },
        size: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
        extra: {},
      },
      required: ['priority', 'title'],
    });
    assert.equal(
      summary,
      'title (string, required); priority (required, one of "low", "high"); tags (array of string); due (string or null); kind (exactly "task"); size (integer or string); extra',
    );
  });

  it('says none for a tool without parameters', () => {
    assert.equal(summarizeParameters({ type: 'object' }), 'none');
  });

  it('names at most 30 parameters and lists at most 10 values of an enum', () => {
    const properties: Record<string, unknown> = Object.fromEntries(
      Array.from({ length: 32 }, (_, index) => [`p${index}`, { type: 'integer' }]),
    );
    properties['p0'] = { enum: Array.from({ length: 12 }, (_, index) => index) };
    const summary = summarizeParameters({ type: 'object', properties });
    assert.ok(summary.startsWith('p0 (one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 and 2 more); p1 (integer);'));
    assert.ok(summary.endsWith('; p29 (integer); and 2 more'));
  });
});
