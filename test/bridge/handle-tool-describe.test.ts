import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleToolDescribe } from '../../src/bridge/handle-tool-describe.ts';
import { buildSessionScope } from '../../src/bridge/session-scope.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import { coreTools, mcpServerTools } from '../support/fixtures.ts';

const registry = [...coreTools(), ...mcpServerTools('memory'), ...mcpServerTools('slack')];
const scope = buildSessionScope({ registry, toolsets: ['core', 'mcp-memory'], config: DEFAULT_TOOL_SEARCH_CONFIG });

describe('tool_describe', () => {
  it('returns the full definition with provenance', () => {
    const outcome = handleToolDescribe(scope, { name: 'mcp_memory_read_graph' });
    assert.ok(outcome.ok);
    const value = outcome.value as Record<string, unknown>;
    assert.equal(value['name'], 'mcp_memory_read_graph');
    assert.equal(value['toolset'], 'mcp-memory');
    assert.equal(value['tool'], 'read_graph');
    assert.equal(value['description'], 'Read the entire knowledge graph');
    assert.deepEqual(value['parameters'], mcpServerTools('memory').find((tool) => tool.name === 'mcp_memory_read_graph')!.parameters);
  });

  it('suggests close names for an unknown name', () => {
    const outcome = handleToolDescribe(scope, { name: 'mcp_memory_read_grahp' });
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        code: 'unknown_tool',
        message: "Unknown tool 'mcp_memory_read_grahp'. Did you mean mcp_memory_read_graph? Use tool_search to find tools by what they do.",
        suggestions: ['mcp_memory_read_graph'],
      },
    });
  });

  it('tells the model to call a core tool directly', () => {
    const outcome = handleToolDescribe(scope, { name: 'terminal' });
    assert.equal(
      !outcome.ok && outcome.error.message,
      "'terminal' is a core tool that is always in your tool list: call it directly, not through tool_describe.",
    );
  });

  it('tells the model to call a bridge tool directly', () => {
    const outcome = handleToolDescribe(scope, { name: 'tool_call' });
    assert.equal(!outcome.ok && outcome.error.message, "'tool_call' is a bridge tool: call it directly, not through tool_describe.");
  });

  it('answers a tool outside the session toolsets as an unknown tool, without describing it', () => {
    const outcome = handleToolDescribe(scope, { name: 'mcp_slack_slack_post_message' });
    assert.deepEqual(outcome, {
      ok: false,
      error: {
        code: 'unknown_tool',
        message: "Unknown tool 'mcp_slack_slack_post_message'. Use tool_search to find tools by what they do.",
        suggestions: [],
      },
    });
  });

  it('never suggests tools outside the session', () => {
    const outcome = handleToolDescribe(scope, { name: 'mcp_slack_slack_post_mesage' });
    assert.ok(!outcome.ok);
    assert.ok(!(outcome.error.suggestions ?? []).some((name) => name.startsWith('mcp_slack')));
  });

  it('refuses an empty name', () => {
    const outcome = handleToolDescribe(scope, { name: '' });
    assert.equal(!outcome.ok && outcome.error.message, 'tool_describe needs "name": the exact name of a tool from tool_search results.');
  });

  it('accepts another letter case or the original upstream name when only one tool fits', () => {
    const byCase = handleToolDescribe(scope, { name: 'MCP_MEMORY_READ_GRAPH' });
    const byOriginal = handleToolDescribe(scope, { name: 'read_graph' });
    assert.ok(byCase.ok && byOriginal.ok);
    assert.equal((byCase.value as { name: string }).name, 'mcp_memory_read_graph');
    assert.equal((byOriginal.value as { name: string }).name, 'mcp_memory_read_graph');
  });
});
