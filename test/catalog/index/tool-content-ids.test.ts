import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolContentIds } from '../../../src/catalog/index/tool-content-ids.ts';
import { makeTool } from '../catalog-fixtures.ts';

describe('ToolContentIds', () => {
  it('gives tools of equal content the same id and others different ids', () => {
    const ids = new ToolContentIds();
    const tool = makeTool('create_issue', 'Create an issue', ['title']);
    assert.equal(ids.idOf(tool), ids.idOf({ ...tool, parameters: structuredClone(tool.parameters) }));
    assert.notEqual(ids.idOf(tool), ids.idOf(makeTool('create_issue', 'Create an issue', ['body'])));
    assert.notEqual(ids.idOf(tool), ids.idOf(makeTool('create_issue', 'Create an issue', ['title'], 'mcp-other')));
    assert.notEqual(ids.idOf(tool), ids.idOf(makeTool('create_issue', 'Create an issue.', ['title'])));
  });

  it('ignores what the build does not read: parameter descriptions and the kind', () => {
    const ids = new ToolContentIds();
    const tool = makeTool('create_issue', 'Create an issue', ['title']);
    const described = {
      ...tool,
      kind: 'plugin' as const,
      parameters: { type: 'object', properties: { title: { type: 'string', description: 'The title' } } },
    };
    assert.equal(ids.idOf(described), ids.idOf(tool));
  });

  it("tells apart how requests were given and a core tool: they decide the requests field's weight", () => {
    const ids = new ToolContentIds();
    const tool = { ...makeTool('create_issue', 'Create an issue', ['title']), requests: ['file a bug'] };
    const own = ids.idOf(tool);
    assert.notEqual(ids.idOf({ ...tool, requestsGivenBy: 'lent' as const }), own);
    assert.notEqual(ids.idOf({ ...tool, requestsGivenBy: 'own text' as const }), ids.idOf({ ...tool, requestsGivenBy: 'lent' as const }));
    assert.notEqual(ids.idOf({ ...tool, kind: 'core' as const }), own);
    assert.equal(ids.idOf({ ...tool }), own);
  });

  it('notices a parameter added in place to the same schema object', () => {
    const ids = new ToolContentIds();
    const tool = makeTool('create_issue', 'Create an issue', ['title']);
    const before = ids.idOf(tool);
    (tool.parameters['properties'] as Record<string, unknown>)['body'] = { type: 'string' };
    assert.notEqual(ids.idOf(tool), before);
  });

  it('never gives an old id to new content once its key map was dropped', () => {
    const ids = new ToolContentIds(2);
    const seen = new Set<number>();
    for (let round = 0; round < 5; round++) seen.add(ids.idOf(makeTool(`tool_${round}`, 'text')));
    assert.equal(seen.size, 5);
    assert.ok(ids.size <= 2);
  });
});
