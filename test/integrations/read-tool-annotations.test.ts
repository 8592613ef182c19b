import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toMcpTool } from '../../src/adapters/mcp/mcp-tool.ts';
import { readToolAnnotations } from '../../src/integrations/mcp-client/read-tool-annotations.ts';

describe('readToolAnnotations', () => {
  it('keeps the title and the four hints when they have the right types', () => {
    assert.deepEqual(
      readToolAnnotations({ title: 'Read graph', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }),
      {
        title: 'Read graph',
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    );
  });

  it('leaves out what an upstream sends that is not a well-formed hint', () => {
    assert.deepEqual(readToolAnnotations({ readOnlyHint: 'yes', destructiveHint: true, extra: { a: 1 }, title: 7 }), {
      destructiveHint: true,
    });
    assert.equal(readToolAnnotations({ readOnlyHint: 'yes' }), undefined);
    assert.equal(readToolAnnotations(null), undefined);
    assert.equal(readToolAnnotations(['readOnlyHint']), undefined);
    assert.equal(readToolAnnotations(undefined), undefined);
  });
});

describe('toMcpTool', () => {
  it("carries a tool's annotations into the MCP shape, and adds none to a tool without", () => {
    const parameters = { type: 'object', properties: {} };
    assert.deepEqual(toMcpTool({ name: 'read', description: 'Reads.', parameters, annotations: { readOnlyHint: true } }), {
      name: 'read',
      description: 'Reads.',
      inputSchema: parameters,
      annotations: { readOnlyHint: true },
    });
    assert.equal('annotations' in toMcpTool({ name: 'read', description: 'Reads.', parameters }), false);
  });
});
