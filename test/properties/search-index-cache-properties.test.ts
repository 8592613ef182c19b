import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildSearchIndex } from '../../src/catalog/index/build-search-index.ts';
import { SearchIndexCache } from '../../src/catalog/index/search-index-cache.ts';
import { searchIndex, searchTools } from '../../src/catalog/search-tools.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { queries, toolLists } from './arbitraries.ts';

const WORDS = ['create', 'list', 'get', 'delete', 'issue', 'file', 'page', 'message', 'user', 'repo', 'invoice', 'weather'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(' '));

/** One edit of a catalog between two searches, as a live registry makes them. */
type Edit =
  | { kind: 'add'; name: string; description: string }
  | { kind: 'remove'; at: number }
  | { kind: 'describe'; at: number; description: string }
  | { kind: 'rename'; at: number; name: string }
  | { kind: 'parameters'; at: number; names: string[] }
  | { kind: 'same' }
  | { kind: 'copy' };

const edits: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), name: text.map((words) => words.replace(/ /g, '_')), description: text }),
  fc.record({ kind: fc.constant('remove' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('describe' as const), at: fc.nat(), description: text }),
  fc.record({ kind: fc.constant('rename' as const), at: fc.nat(), name: text.map((words) => words.replace(/ /g, '_')) }),
  fc.record({ kind: fc.constant('parameters' as const), at: fc.nat(), names: fc.uniqueArray(fc.constantFrom(...WORDS), { maxLength: 3 }) }),
  fc.constant({ kind: 'same' as const }),
  fc.constant({ kind: 'copy' as const }),
);

/** `tools` after `edit`: a new list, edited tools as new objects, the others the same objects. */
function applyEdit(tools: readonly Tool[], edit: Edit): readonly Tool[] {
  const at = (position: number): number => position % Math.max(1, tools.length);
  const replace = (position: number, change: Partial<Tool>): Tool[] =>
    tools.map((tool, index) => (index === at(position) ? { ...tool, ...change } : tool));
  switch (edit.kind) {
    case 'add':
      return [
        ...tools,
        {
          name: edit.name,
          description: edit.description,
          parameters: { type: 'object', properties: {} },
          toolset: 'mcp-added',
          kind: 'mcp',
        },
      ];
    case 'remove':
      return tools.filter((_, index) => index !== at(edit.at));
    case 'describe':
      return replace(edit.at, { description: edit.description });
    case 'rename':
      return replace(edit.at, { name: edit.name });
    case 'parameters':
      return replace(edit.at, {
        parameters: {
          type: 'object',
          properties: Object.fromEntries(edit.names.map((name) => [name, { type: 'string', description: `the ${name}` }])),
        },
      });
    case 'same':
      return tools;
    case 'copy':
      return [...tools];
  }
}

describe('search index cache invariants', () => {
  it('searches a catalog through any history of edits exactly as a fresh build does', () => {
    fc.assert(
      fc.property(
        toolLists,
        fc.array(fc.tuple(edits, queries, fc.integer({ min: 1, max: 20 })), { minLength: 1, maxLength: 12 }),
        (start, steps) => {
          // A small cache, so that eviction happens along the way too, cutting catalogs into small parts.
          const cache = new SearchIndexCache(
            { catalogs: 3, tools: 60, partTools: 30 },
            { average: 3, minimum: 2, maximum: 6, minimumCatalog: 4, searchesBeforeWholeBuild: 2 },
          );
          let tools: readonly Tool[] = start;
          for (const [edit, query, limit] of steps) {
            tools = applyEdit(tools, edit);
            const fresh = searchIndex(buildSearchIndex(tools), query, limit);
            assert.deepEqual(searchIndex(cache.indexOf(tools), query, limit), fresh);
            assert.deepEqual(searchTools(tools, query, limit), fresh);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps two catalogs searched in turns from interfering', () => {
    fc.assert(
      fc.property(toolLists, toolLists, fc.array(queries, { minLength: 1, maxLength: 6 }), (left, right, texts) => {
        const cache = new SearchIndexCache({}, { average: 2, minimum: 1, maximum: 4, minimumCatalog: 3 });
        const both = [...left, ...right.filter((tool) => !left.some((other) => other.name === tool.name))];
        for (const query of texts) {
          for (const tools of [left, both, right]) {
            assert.deepEqual(searchIndex(cache.indexOf(tools), query, 10), searchIndex(buildSearchIndex(tools), query, 10));
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
