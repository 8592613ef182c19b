import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatTools, TOOL_FORMATS } from '../../src/adapters/tool-format.ts';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import { countSchemaTokens } from '../../src/assembly/estimate-tokens.ts';
import { BRIDGE_TOOL_NAMES } from '../../src/bridge/bridge-tool-names.ts';
import { DEFAULT_TOOL_SEARCH_CONFIG, type ToolSearchConfig } from '../../src/config/tool-search-config.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { coreTools, makeTool, mcpServerTools, realisticSession } from '../support/fixtures.ts';
import { countO200kTokens } from '../support/o200k.ts';

const on: ToolSearchConfig = { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' };
const off: ToolSearchConfig = { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'off' };
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);

describe('assembleTools', () => {
  const session: Tool[] = [...coreTools(), ...mcpServerTools('memory'), ...mcpServerTools('slack')];

  it('replaces MCP tools with the three bridge tools, after the visible tools', () => {
    const result = assembleTools(session, { config: on });
    assert.equal(result.active, true);
    assert.deepEqual(names(result.tools), ['terminal', 'read_file', 'web_search', ...BRIDGE_TOOL_NAMES]);
    assert.equal(result.deferred.length, 17);
  });

  it('never defers core tools, and defers MCP and plugin tools whatever their names', () => {
    const result = assembleTools(
      [
        ...session,
        makeTool('browser_navigate', 'Open a page', { toolset: 'browser-plugin', kind: 'plugin' }),
        makeTool('browser_click', 'Click', { toolset: 'mcp-playwright' }),
        makeTool('write_file', 'Write a file', { toolset: 'mcp-filesystem' }),
      ],
      { config: on },
    );
    assert.deepEqual(names(result.visible), ['terminal', 'read_file', 'web_search']);
    assert.ok(['browser_navigate', 'browser_click', 'write_file'].every((name) => names(result.deferred).includes(name)));
    assert.ok(result.deferred.every((tool) => tool.kind !== 'core'));
  });

  it('lets no MCP tool shadow a core tool of the same name: it is renamed after its toolset, with a warning', () => {
    const result = assembleTools([makeTool('read_file', 'Read from the MCP server', { toolset: 'mcp-filesystem' }), ...coreTools()], {
      config: on,
    });
    const shown = result.deferred.find((tool) => tool.toolset === 'mcp-filesystem')!;
    assert.equal(shown.name, 'mcp_filesystem_read_file');
    assert.equal(shown.originalName, 'read_file');
    assert.equal(result.visible.find((tool) => tool.name === 'read_file')?.kind, 'core');
    assert.deepEqual(result.warnings, [
      "tool 'read_file' of toolset 'mcp-filesystem' has the name of a core tool, which keeps it; it is shown as 'mcp_filesystem_read_file'.",
    ]);
  });

  it('leaves out a shadowing tool whose renamed name is taken too', () => {
    const result = assembleTools(
      [
        makeTool('terminal', 'x', { toolset: 'p', kind: 'plugin' }),
        makeTool('p_terminal', 'y', { toolset: 'q', kind: 'plugin' }),
        ...coreTools(),
      ],
      { config: on },
    );
    assert.deepEqual(names(result.deferred), ['p_terminal']);
    assert.deepEqual(result.warnings, [
      "tool 'terminal' of toolset 'p' has the name of a core tool, and 'p_terminal' is taken too; it is left out. Rename it to use it.",
    ]);
  });

  it('defers plugin tools as well as MCP tools', () => {
    const result = assembleTools([makeTool('weather_lookup', 'Weather', { toolset: 'weather', kind: 'plugin' })], { config: on });
    assert.deepEqual(names(result.deferred), ['weather_lookup']);
  });

  it('passes the input through untouched when auto stays below the threshold', () => {
    const result = assembleTools(session, { config: DEFAULT_TOOL_SEARCH_CONFIG, contextLength: 1_000_000 });
    assert.equal(result.active, false);
    assert.deepEqual(
      result.tools,
      session.map(({ name, description, parameters }) => ({ name, description, parameters })),
    );
    assert.deepEqual(result.deferred, []);
  });

  it('activates auto when the deferrable schemas reach threshold_pct of the context', () => {
    const deferrableTokens = countSchemaTokens([...mcpServerTools('memory'), ...mcpServerTools('slack')]);
    const contextLength = deferrableTokens * 10; // 10% of it is exactly the deferrable tokens
    assert.equal(assembleTools(session, { contextLength }).active, true);
    assert.equal(assembleTools(session, { contextLength: contextLength + 10 }).active, false);
  });

  it('returns to direct exposure when MCP servers are removed', () => {
    const many = assembleTools(realisticSession(), { contextLength: 200_000 });
    assert.equal(many.active, true);
    const few = assembleTools([...coreTools(), ...mcpServerTools('slack')], { contextLength: 200_000 });
    assert.equal(few.active, false);
    assert.deepEqual(names(few.tools), names([...coreTools(), ...mcpServerTools('slack')]));
  });

  it('returns the input exactly when off, bridge-named tools and duplicates included', () => {
    const odd = [...session, makeTool('tool_search', 'mine'), makeTool('terminal', 'again')];
    const result = assembleTools(odd, { config: off });
    assert.equal(result.active, false);
    assert.deepEqual(
      result.tools,
      odd.map(({ name, description, parameters }) => ({ name, description, parameters })),
    );
  });

  it('is idempotent: bridge tools in the input are dropped first', () => {
    const first = assembleTools(session, { config: on });
    const fedBack: Tool[] = [
      ...first.visible,
      ...first.tools
        .filter((tool) => BRIDGE_TOOL_NAMES.includes(tool.name))
        .map((tool) => ({ ...tool, toolset: 'core', kind: 'core' as const })),
      ...first.deferred,
    ];
    const second = assembleTools(fedBack, { config: on });
    assert.equal(JSON.stringify(second.tools), JSON.stringify(first.tools));
  });

  it('is deterministic: the same input gives byte-identical output', () => {
    const first = JSON.stringify(assembleTools(realisticSession(), { config: on }).tools);
    const second = JSON.stringify(assembleTools(realisticSession(), { config: on }).tools);
    assert.equal(first, second);
  });

  it('states the deferred count and the toolsets in the tool_search description', () => {
    const result = assembleTools(session, { config: on });
    const search = result.tools.find((tool) => tool.name === 'tool_search')!;
    assert.match(search.description, /among 17 more/);
    assert.match(search.description, /from memory, slack/);
  });

  it('caps the tool_search limit at max_search_limit in its schema', () => {
    const result = assembleTools(session, { config: { ...on, maxSearchLimit: 7, searchDefaultLimit: 3 } });
    const limit = (
      result.tools.find((tool) => tool.name === 'tool_search')!.parameters['properties'] as Record<string, Record<string, unknown>>
    )['limit']!;
    assert.equal(limit['maximum'], 7);
    assert.match(String(limit['description']), /default 3/);
  });

  it('keeps the first of two tools with the same name and says so', () => {
    const result = assembleTools([makeTool('dup', 'first', { toolset: 'mcp-a' }), makeTool('dup', 'second', { toolset: 'mcp-b' })], {
      config: on,
    });
    assert.deepEqual(
      result.deferred.map((tool) => tool.description),
      ['first'],
    );
    assert.deepEqual(result.warnings, [
      "tool name 'dup' appears in toolsets 'mcp-a' and 'mcp-b'; keeping the one from 'mcp-a'. Rename one of them to use both.",
    ]);
  });

  it('keeps pinned tools visible and out of the catalog', () => {
    const result = assembleTools(session, { config: on, isPinned: (tool) => tool.name === 'mcp_slack_slack_post_message' });
    assert.ok(names(result.tools).includes('mcp_slack_slack_post_message'));
    assert.ok(!names(result.deferred).includes('mcp_slack_slack_post_message'));
  });

  it('uses a plugged-in token counter for the decision', () => {
    const result = assembleTools(session, { contextLength: 1_000, countTokens: () => 100 });
    assert.equal(result.deferredTokens, 1_700);
    assert.equal(result.active, true);
  });
});

describe('the 17-server, 358-tool session', () => {
  const tools = realisticSession();

  it('has 17 servers and 358 tools of about 137,000 o200k tokens', () => {
    assert.equal(new Set(tools.map((tool) => tool.toolset)).size, 17);
    assert.equal(tools.length, 358);
    const tokens = countSchemaTokens(tools, countO200kTokens);
    assert.ok(tokens > 130_000 && tokens < 145_000, `${tokens} tokens`);
  });

  it('cuts the tokens the model sees by at least 99% with enabled: on', () => {
    const result = assembleTools(tools, { config: on, countTokens: countO200kTokens });
    assert.ok(result.tokensAfter <= result.tokensBefore * 0.01, `${result.tokensBefore} -> ${result.tokensAfter}`);
  });

  it('spends at most 300 o200k tokens on the three bridge tools', () => {
    const result = assembleTools(tools, { config: on });
    assert.equal(result.tools.length, 3);
    for (const format of TOOL_FORMATS) {
      const tokens = countO200kTokens(JSON.stringify(formatTools(result.tools, format)));
      assert.ok(tokens <= 300, `${format}: ${tokens} tokens`);
    }
  });
});
