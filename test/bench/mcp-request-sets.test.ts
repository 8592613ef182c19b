import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadMcpRequests } from '../../bench/search/datasets/load-mcp-requests.ts';
import { originalNameOf } from '../../src/tools/tool.ts';

describe('the MCP request sets', () => {
  for (const part of ['tuning', 'everyday', 'held-out', 'second-unseen'] as const) {
    it(`names, in the ${part} part, only gold tools that its catalogs have, every tool with a description text`, () => {
      const dataset = loadMcpRequests(part);
      assert.ok(dataset.queries.length > 50);
      for (const partition of dataset.partitions ?? []) {
        for (const tool of partition.tools) assert.equal(typeof tool.description, 'string', `${tool.name} has no description text`);
        const names = new Set(partition.tools.map((tool) => `${tool.toolset}/${originalNameOf(tool)}`));
        for (const query of partition.queries) {
          for (const gold of query.gold.flatMap((name) => [name, ...(query.alternatives?.[name] ?? [])])) {
            assert.ok(names.has(gold), `${query.text}: ${gold} is in no tool list of its catalog`);
          }
        }
      }
    });
  }
});
