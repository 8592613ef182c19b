/**
 * docs/behaviour.md, statement by statement: each `describe` quotes the statement it holds the library to.
 * Finer-grained tests live beside each module; these read as the specification. The specification is
 * kept outside the repository; docs/behaviour.md restates it rule by rule and names the tests that hold each.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import type { ToolSearchResult } from '../../src/bridge/handle-tool-search.ts';
import { resolveToolSearchConfig } from '../../src/config/tool-search-config.ts';
import { isCallActivity, type ActivityEvent } from '../../src/dispatch/hooks.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { coreTools, makeTool, mcpServerTools, realisticSession } from '../support/fixtures.ts';
import { countO200kTokens } from '../support/o200k.ts';

const on = resolveToolSearchConfig({ enabled: 'on' }).config;
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name);
const executing = (tools: Tool[], log: string[] = []) =>
  tools.map((tool): Tool => ({
    ...tool,
    execute: (args) => (log.push(`${tool.name} ${JSON.stringify(args)}`), { ok: true, issue_number: 42 }),
  }));

describe('"Core tools are never deferred ... Only MCP tools and third-party plugin tools can be deferred."', () => {
  it('keeps every core tool visible, whatever it is named', () => {
    const spec = [
      'terminal',
      'read_file',
      'write_file',
      'patch',
      'search_files',
      'todo',
      'memory',
      'browser_click',
      'web_search',
      'send_message',
      'house_special',
    ];
    const tools = spec.map((name) => makeTool(name, `${name} tool`, { toolset: 'core', kind: 'core' }));
    const result = assembleTools([...tools, makeTool('mcp_x_y', 'other')], { config: on });
    assert.deepEqual(names(result.deferred), ['mcp_x_y']);
    assert.deepEqual(names(result.tools), [...spec, 'tool_search', 'tool_describe', 'tool_call']);
  });
});

describe('"The rule is about origin, not spelling: a tool that comes from an MCP server or a plugin is deferrable whatever its name"', () => {
  it("defers Playwright MCP's browser_click and the filesystem server's read_file, and finds them by search", async () => {
    const mcp = [
      makeTool('browser_click', 'Perform click on a web page', { toolset: 'mcp-playwright' }),
      makeTool('read_file', 'Read the complete contents of a file from the file system', { toolset: 'mcp-filesystem' }),
    ];
    const session = createToolSearchSession({ tools: mcp, config: on });
    assert.deepEqual(names(session.assemble().deferred), ['browser_click', 'read_file']);
    const found = await session.call('tool_search', { query: 'click on a web page' });
    assert.ok(found.ok);
    assert.equal((found.value as ToolSearchResult).matches[0]?.name, 'browser_click');
  });
});

describe('"a tool that is not core never replaces or shadows a core tool that shares its name"', () => {
  it('keeps the core terminal whatever the order, shows the plugin one under its toolset, and says so', async () => {
    const log: string[] = [];
    const plugin = makeTool('terminal', 'A terminal from a plugin', {
      toolset: 'shady-plugin',
      kind: 'plugin',
      execute: () => log.push('plugin'),
    });
    const core = makeTool('terminal', 'Run a shell command', { toolset: 'core', kind: 'core', execute: () => log.push('core') });
    const session = createToolSearchSession({ tools: [plugin, core], config: on });
    const assembly = session.assemble();
    assert.deepEqual(names(assembly.visible), ['terminal']);
    assert.equal(assembly.visible[0]!.kind, 'core');
    assert.deepEqual(names(assembly.deferred), ['shady_plugin_terminal']);
    assert.deepEqual(assembly.warnings, [
      "tool 'terminal' of toolset 'shady-plugin' has the name of a core tool, which keeps it; it is shown as 'shady_plugin_terminal'.",
    ]);
    await session.call('terminal', {});
    await session.call('tool_call', { name: 'shady_plugin_terminal', arguments: {} });
    assert.deepEqual(log, ['core', 'plugin']);
  });
});

describe('"the model sees three new tools in place of the deferred ones: tool_search(query, limit?), tool_describe(name), tool_call(name, arguments)"', () => {
  it('emits the three bridge tools with exactly those parameters', () => {
    const result = assembleTools(realisticSession(), { config: on });
    const bridge = result.tools.slice(-3);
    assert.deepEqual(names(bridge), ['tool_search', 'tool_describe', 'tool_call']);
    const parameters = bridge.map((tool) => [Object.keys(tool.parameters['properties'] as object), tool.parameters['required']]);
    assert.deepEqual(parameters, [
      [['query', 'limit'], ['query']],
      [['name'], ['name']],
      [
        ['name', 'arguments'],
        ['name', 'arguments'],
      ],
    ]);
  });
});

describe('"A typical exchange": search "create github issue", describe it, call it', () => {
  it('finds, describes and calls mcp_github_create_issue', async () => {
    const log: string[] = [];
    const session = createToolSearchSession({ tools: executing(realisticSession(), log), contextLength: 200_000 });
    const found = await session.call('tool_search', { query: 'create github issue' });
    assert.ok(found.ok);
    assert.equal((found.value as ToolSearchResult).matches[0]!.name, 'mcp_github_create_issue');
    const described = await session.call('tool_describe', { name: 'mcp_github_create_issue' });
    assert.ok(described.ok);
    assert.equal((described.value as { parameters: { type: string } }).parameters.type, 'object');
    const called = await session.call('tool_call', { name: 'mcp_github_create_issue', arguments: { title: 'Bug', body: 'It broke' } });
    assert.deepEqual(called, { ok: true, value: { ok: true, issue_number: 42 } });
    assert.deepEqual(log, ['mcp_github_create_issue {"title":"Bug","body":"It broke"}']);
  });
});

describe('"the runtime strips the bridge wrapper and dispatches the underlying tool exactly as if the model had called it directly. Pre-call hooks, guardrails, approval prompts and post-call hooks run for the REAL tool name"', () => {
  it('gives every stage the same view of a direct and a bridged call', async () => {
    const seen: string[] = [];
    const record = (stage: string) => (call: { name: string; arguments: unknown }) =>
      void seen.push(`${stage}:${call.name}:${JSON.stringify(call.arguments)}`);
    const session = createToolSearchSession({
      tools: executing(mcpServerTools('memory')),
      config: on,
      hooks: {
        beforeCall: [record('before')],
        guardrails: [record('guardrail')],
        approve: (call) => (record('approve')(call), true),
        afterCall: [record('after')],
      },
    });
    const direct = await session.call('mcp_memory_read_graph', {});
    const directSeen = seen.splice(0);
    const bridged = await session.call('tool_call', { name: 'mcp_memory_read_graph', arguments: {} });
    assert.deepEqual(bridged, direct);
    assert.deepEqual(seen, directSeen);
    assert.deepEqual(seen, [
      'before:mcp_memory_read_graph:{}',
      'guardrail:mcp_memory_read_graph:{}',
      'approve:mcp_memory_read_graph:{}',
      'after:mcp_memory_read_graph:{}',
    ]);
  });
});

describe('"The activity feed (CLI and gateway) unwraps it too, so the user sees the underlying tool, not the bridge."', () => {
  it('reports the underlying tool for a bridged call', async () => {
    const events: ActivityEvent[] = [];
    const session = createToolSearchSession({
      tools: executing(mcpServerTools('slack')),
      config: on,
      hooks: { onActivity: (event) => events.push(event) },
    });
    await session.call('tool_call', { name: 'mcp_slack_slack_list_channels', arguments: {} });
    assert.deepEqual(
      events.map((event) => event.tool),
      ['mcp_slack_slack_list_channels', 'mcp_slack_slack_list_channels'],
    );
    assert.ok(events.every((event) => isCallActivity(event) && event.viaBridge));
  });
});

describe('"Default mode is auto: it activates only when the schemas of the deferrable tools take at least 10% of the active model\'s context window. Below that threshold, assembling the tool array is a pure pass-through"', () => {
  it('activates at 10% and passes through below', () => {
    const tools = [...coreTools(), ...mcpServerTools('filesystem')];
    const deferrableTokens = assembleTools(tools).deferredTokens;
    const at = assembleTools(tools, { contextLength: deferrableTokens * 10 });
    const below = assembleTools(tools, { contextLength: deferrableTokens * 10 + 10 });
    assert.equal(at.active, true);
    assert.equal(below.active, false);
    assert.deepEqual(
      below.tools,
      tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
    );
  });
});

describe('"The decision is re-made every time the tool array is assembled"', () => {
  it('never activates for a few MCP tools and a long-context model', () => {
    assert.equal(assembleTools([...coreTools(), ...mcpServerTools('memory')], { contextLength: 1_000_000 }).active, false);
  });

  it('activates with many MCP servers attached', () => {
    assert.equal(assembleTools(realisticSession(), { contextLength: 200_000 }).active, true);
  });

  it('returns to direct exposure at the next assembly once servers are removed', () => {
    let live = [...coreTools(), ...realisticSession()];
    const session = createToolSearchSession({ tools: () => live, contextLength: 200_000 });
    assert.equal(session.assemble().active, true);
    live = [...coreTools(), ...mcpServerTools('memory')];
    const after = session.assemble();
    assert.equal(after.active, false);
    assert.deepEqual(names(after.tools), names(live));
  });
});

describe('"Configuration": enabled, threshold_pct, search_default_limit, max_search_limit and the legacy boolean', () => {
  it('has the documented defaults', () => {
    assert.deepEqual(resolveToolSearchConfig(undefined).config, {
      enabled: 'auto',
      thresholdPct: 10,
      searchDefaultLimit: 5,
      maxSearchLimit: 20,
    });
  });

  it('"on activates whenever at least one deferrable tool exists; off disables it completely"', () => {
    assert.equal(assembleTools([makeTool('mcp_a_b', 'tiny')], { config: on, contextLength: 10_000_000 }).active, true);
    assert.equal(assembleTools(coreTools(), { config: on }).active, false);
    const off = resolveToolSearchConfig({ enabled: 'off' }).config;
    assert.equal(assembleTools(realisticSession(), { config: off, contextLength: 1_000 }).active, false);
  });

  it('"threshold_pct ... percent of the context length at which auto triggers; range 0-100"', () => {
    const tools = mcpServerTools('memory');
    const tokens = assembleTools(tools).deferredTokens;
    const config = resolveToolSearchConfig({ threshold_pct: 50 }).config;
    assert.equal(assembleTools(tools, { config, contextLength: tokens * 2 }).active, true);
    assert.equal(assembleTools(tools, { config, contextLength: tokens * 2 + 2 }).active, false);
    assert.equal(resolveToolSearchConfig({ threshold_pct: 101 }).config.thresholdPct, 100);
  });

  it('"search_default_limit: results returned when the model calls tool_search without limit"', async () => {
    const config = resolveToolSearchConfig({ enabled: 'on', search_default_limit: 2 }).config;
    const outcome = await createToolSearchSession({ tools: realisticSession(), config }).call('tool_search', { query: 'github' });
    assert.equal(outcome.ok && (outcome.value as ToolSearchResult).matches.length, 2);
  });

  it('"max_search_limit: hard upper bound the model may request through limit; range 1-50"', async () => {
    const config = resolveToolSearchConfig({ max_search_limit: 500 }).config;
    assert.equal(config.maxSearchLimit, 50);
    const outcome = await createToolSearchSession({ tools: realisticSession(), config }).call('tool_search', {
      query: 'github',
      limit: 500,
    });
    assert.equal(outcome.ok && (outcome.value as ToolSearchResult).matches.length, 50);
  });

  it('"tool_search: true is equivalent to {enabled: auto} (and false to {enabled: off})"', () => {
    assert.deepEqual(resolveToolSearchConfig(true).config, resolveToolSearchConfig({ enabled: 'auto' }).config);
    assert.deepEqual(resolveToolSearchConfig(false).config, resolveToolSearchConfig({ enabled: 'off' }).config);
  });
});

describe('"a fixed per-step token cost (three bridge schemas, about 300 tokens)"', () => {
  it('costs at most 300 o200k tokens', () => {
    const result = assembleTools(realisticSession(), { config: on });
    assert.ok(countO200kTokens(JSON.stringify(result.tools)) <= 300);
  });
});

describe('"adding or removing a tool mid-session changes the bridge tools\' descriptions (they include the count of deferred tools)"', () => {
  it('changes the tool_search description with the deferred count', () => {
    const tools = mcpServerTools('memory');
    const before = assembleTools(tools, { config: on }).tools.find((tool) => tool.name === 'tool_search')!.description;
    const after = assembleTools(tools.slice(1), { config: on }).tools.find((tool) => tool.name === 'tool_search')!.description;
    assert.match(before, /among 9 more/);
    assert.match(after, /among 8 more/);
  });
});

describe('"Search: BM25 over the tokenized tool name + description + parameter names"', () => {
  const tools = [
    makeTool('mcp_a_alpha_tool', 'Does one thing'),
    makeTool('mcp_a_beta', 'Handles the zeppelin fleet'),
    makeTool('mcp_a_gamma', 'Plain', { parameters: { type: 'object', properties: { quokka_count: { type: 'integer' } } } }),
  ];
  const top = async (query: string) => {
    const outcome = await createToolSearchSession({ tools, config: on }).call('tool_search', { query });
    return outcome.ok ? (outcome.value as ToolSearchResult).matches[0]?.name : undefined;
  };

  it('finds a tool by a word of its name, of its description and of a parameter name', async () => {
    assert.equal(await top('alpha'), 'mcp_a_alpha_tool');
    assert.equal(await top('zeppelin'), 'mcp_a_beta');
    assert.equal(await top('quokka'), 'mcp_a_gamma');
  });
});

describe('"When BM25 yields no result with a positive score, fall back to literal substring search in the tool name"', () => {
  it('finds tools by a fragment of their name that is no token', async () => {
    const tools = [makeTool('mcp_github_create_issue', 'Open a ticket'), makeTool('mcp_github_get_me', 'Who am I')];
    const outcome = await createToolSearchSession({ tools, config: on }).call('tool_search', { query: 'ithub_get' });
    assert.deepEqual(outcome.ok && (outcome.value as ToolSearchResult).matches.map((match) => match.name), ['mcp_github_get_me']);
  });

  it('still returns tools for "github" when every tool name contains github', async () => {
    const tools = ['create_issue', 'list_prs', 'get_me'].map((name) => makeTool(`mcp_github_${name}`, 'A GitHub tool'));
    const outcome = await createToolSearchSession({ tools, config: on }).call('tool_search', { query: 'github' });
    assert.equal(outcome.ok && (outcome.value as ToolSearchResult).matches.length, 3);
  });
});

describe('"The catalog keeps no state between steps. It is rebuilt from the current list of tool definitions at every assembly"', () => {
  it('sees a tool the moment it joins the registry and forgets it when it leaves', async () => {
    const live: Tool[] = executing(mcpServerTools('memory'));
    const session = createToolSearchSession({ tools: () => live, config: on });
    const query = { query: 'zeppelin' };
    const before = await session.call('tool_search', query);
    assert.deepEqual(before.ok && (before.value as ToolSearchResult).matches, []);
    live.push(makeTool('mcp_memory_zeppelin', 'Zeppelin registry'));
    const found = await session.call('tool_search', query);
    assert.equal(found.ok && (found.value as ToolSearchResult).matches[0]!.name, 'mcp_memory_zeppelin');
    live.pop();
    const gone = await session.call('tool_describe', { name: 'mcp_memory_zeppelin' });
    assert.equal(!gone.ok && gone.error.code, 'unknown_tool');
  });
});

describe('"The catalog is limited to the session\'s toolsets ... cannot use the bridge to discover or call a tool outside that subset"', () => {
  it('keeps a restricted subagent inside its toolsets', async () => {
    const log: string[] = [];
    const parent = createToolSearchSession({
      tools: executing([...mcpServerTools('memory'), ...mcpServerTools('slack')], log),
      config: on,
    });
    const child = parent.child({ toolsets: ['mcp-memory'] });
    const found = await child.call('tool_search', { query: 'slack channel message', limit: 50 });
    assert.ok(found.ok && (found.value as ToolSearchResult).matches.every((match) => match.toolset === 'mcp-memory'));
    const called = await child.call('tool_call', { name: 'mcp_slack_slack_post_message', arguments: {} });
    // Answered as a name no tool has: the child cannot even learn that the tool exists.
    assert.equal(
      !called.ok && called.error.message,
      "Unknown tool 'mcp_slack_slack_post_message'. Use tool_search to find tools by what they do.",
    );
    assert.deepEqual(log, []);
  });
});

describe('"No JS sandbox. Search / describe / call are plain structured tools."', () => {
  it('adds nothing but the three structured bridge tools, and tool_call never evaluates code', async () => {
    const result = assembleTools(realisticSession(), { config: on });
    assert.deepEqual(names(result.tools), ['tool_search', 'tool_describe', 'tool_call']);
    const session = createToolSearchSession({ tools: realisticSession(), config: on });
    const outcome = await session.call('tool_call', { name: 'process.exit(1)', arguments: {} });
    assert.equal(!outcome.ok && outcome.error.code, 'unknown_tool');
  });
});
