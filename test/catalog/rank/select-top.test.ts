import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { compareTools } from '../../../src/catalog/rank/compare-tools.ts';
import { selectTop } from '../../../src/catalog/rank/select-top.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('selectTop', () => {
  it('equals sorting every positive score, best first, ties by name then toolset', () => {
    const entries = fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), fc.constantFrom('x', 'y'), fc.constantFrom(0, 1, 2, 2.5, -1)), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(entries, fc.integer({ min: 0, max: 10 }), (list, limit) => {
        const tools = list.map(([name, toolset]) => makeTool(name, '', [], toolset));
        const scores = Float64Array.from(list.map(([, , score]) => score));
        const expected = tools
          .map((tool, document) => ({ tool, document, score: scores[document]! }))
          .filter((entry) => entry.score > 0)
          .sort((left, right) => right.score - left.score || compareTools(left.tool, right.tool) || left.document - right.document)
          .slice(0, limit)
          .map((entry) => entry.score + entry.tool.name + entry.tool.toolset);
        const actual = selectTop(tools, scores, limit).map(
          (document) => scores[document]! + tools[document]!.name + tools[document]!.toolset,
        );
        assert.deepEqual(actual, expected);
      }),
    );
  });
});
