import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { measureRetrieval } from '../../bench/search/retrieval-metrics.ts';
import type { Tool } from '../../src/tools/tool.ts';

const toolNamed = (name: string): Tool => ({
  name,
  description: '',
  parameters: { type: 'object', properties: {} },
  toolset: 't',
  kind: 'plugin',
});
const rankAs = (names: string[]) => (_query: string, limit: number) => names.slice(0, limit).map(toolNamed);

describe('measureRetrieval', () => {
  it('averages the share of gold tools found at each cut-off', () => {
    const scores = measureRetrieval(rankAs(['x', 'a', 'y', 'z', 'w', 'b']), [{ text: 'q', gold: ['a', 'b'] }]);
    assert.equal(scores.recallAt1, 0);
    assert.equal(scores.recallAt5, 0.5);
    assert.equal(scores.recallAt10, 1);
    assert.equal(scores.meanReciprocalRank, 0.5);
  });

  it('counts an alternative as its gold tool, and one gold tool once however many of its alternatives come back', () => {
    const query = { text: 'q', gold: ['area_triangle', 'perimeter'], alternatives: { area_triangle: ['triangle_area', 'geometry.area'] } };
    const scores = measureRetrieval(rankAs(['triangle_area', 'geometry.area', 'other', 'x', 'y', 'perimeter']), [query]);
    assert.equal(scores.recallAt1, 0.5);
    assert.equal(scores.recallAt5, 0.5, 'two alternatives of one need are still one need of two');
    assert.equal(scores.recallAt10, 1);
    assert.equal(scores.meanReciprocalRank, 1);
  });
});
