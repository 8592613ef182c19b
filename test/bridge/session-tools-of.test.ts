import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sessionToolsOf } from '../../src/bridge/session-scope.ts';
import { makeTool } from '../support/fixtures.ts';

describe('sessionToolsOf', () => {
  it('notices a registry array changed in place: never a stale answer', () => {
    const registry = [makeTool('mcp_a_one', 'one', { toolset: 'mcp-a' })];
    assert.deepEqual(sessionToolsOf(registry, undefined).tools.map((tool) => tool.name), ['mcp_a_one']);
    registry.push(makeTool('terminal', 'plugin terminal', { toolset: 'p', kind: 'plugin' }), makeTool('terminal', 'core', { toolset: 'core', kind: 'core' }));
    const after = sessionToolsOf(registry, undefined);
    assert.deepEqual(after.tools.map((tool) => tool.name), ['mcp_a_one', 'p_terminal', 'terminal']);
    assert.equal(after.warnings.length, 1);
    registry[0] = makeTool('mcp_a_two', 'two', { toolset: 'mcp-a' });
    assert.deepEqual(sessionToolsOf(registry, undefined).tools.map((tool) => tool.name), ['mcp_a_two', 'p_terminal', 'terminal']);
  });

  it('answers per toolsets, and hands out copies the caller may change', () => {
    const registry = [makeTool('mcp_a_one', 'one', { toolset: 'mcp-a' }), makeTool('mcp_b_one', 'one', { toolset: 'mcp-b' })];
    assert.deepEqual(sessionToolsOf(registry, ['mcp-b']).tools.map((tool) => tool.name), ['mcp_b_one']);
    const all = sessionToolsOf(registry, undefined);
    all.tools.pop();
    assert.deepEqual(sessionToolsOf(registry, undefined).tools.map((tool) => tool.name), ['mcp_a_one', 'mcp_b_one']);
  });
});
