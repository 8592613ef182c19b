import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sessionToolsOf } from '../../src/bridge/session-scope.ts';
import { makeTool } from '../support/fixtures.ts';

describe('sessionToolsOf', () => {
  it('notices a registry array changed in place: never a stale answer', () => {
    const registry = [makeTool('mcp_a_one', 'one', { toolset: 'mcp-a' })];
    assert.deepEqual(
      sessionToolsOf(registry, undefined).tools.map((tool) => tool.name),
      ['mcp_a_one'],
    );
    registry.push(
      makeTool('terminal', 'plugin terminal', { toolset: 'p', kind: 'plugin' }),
      makeTool('terminal', 'core', { toolset: 'core', kind: 'core' }),
    );
    const after = sessionToolsOf(registry, undefined);
    assert.deepEqual(
      after.tools.map((tool) => tool.name),
      ['mcp_a_one', 'p_terminal', 'terminal'],
    );
    assert.equal(after.warnings.length, 1);
    registry[0] = makeTool('mcp_a_two', 'two', { toolset: 'mcp-a' });
    assert.deepEqual(
      sessionToolsOf(registry, undefined).tools.map((tool) => tool.name),
      ['mcp_a_two', 'p_terminal', 'terminal'],
    );
  });

  it('answers per toolsets, and hands out copies the caller may change', () => {
    const registry = [makeTool('mcp_a_one', 'one', { toolset: 'mcp-a' }), makeTool('mcp_b_one', 'one', { toolset: 'mcp-b' })];
    assert.deepEqual(
      sessionToolsOf(registry, ['mcp-b']).tools.map((tool) => tool.name),
      ['mcp_b_one'],
    );
    const all = sessionToolsOf(registry, undefined);
    all.tools.pop();
    assert.deepEqual(
      sessionToolsOf(registry, undefined).tools.map((tool) => tool.name),
      ['mcp_a_one', 'mcp_b_one'],
    );
  });

  it('gives a new registry array with the same names the new tools, and resolves a collision a renamed tool makes', () => {
    const first = [
      makeTool('mcp_a_one', 'one', { toolset: 'mcp-a' }),
      makeTool('mcp_b_one', 'one', { toolset: 'mcp-b' }),
      makeTool('read_file', 'core', { toolset: 'core', kind: 'core' }),
    ];
    assert.deepEqual(sessionToolsOf(first, undefined).warnings, []);
    const described = [makeTool('mcp_a_one', 'one, described anew', { toolset: 'mcp-a' }), first[1]!, first[2]!];
    const second = sessionToolsOf(described, undefined);
    assert.deepEqual(second.warnings, []);
    assert.equal(second.tools[0], described[0], 'the new object, not the one of the last answer');
    const renamed = [makeTool('read_file', 'reads a file of server a', { toolset: 'mcp-a' }), first[1]!, first[2]!];
    const third = sessionToolsOf(renamed, undefined);
    assert.deepEqual(
      third.tools.map((tool) => tool.name),
      ['mcp_a_read_file', 'mcp_b_one', 'read_file'],
    );
    assert.equal(third.warnings.length, 1);
  });
});
