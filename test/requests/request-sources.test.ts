import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TOOL_SEARCH_CONFIG } from '../../src/config/tool-search-config.ts';
import type { ActivityEvent } from '../../src/dispatch/hooks.ts';
import { createRequestSources, learnedRequestText, toolKeysOf } from '../../src/requests/request-sources.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import type { Tool } from '../../src/tools/tool.ts';
import { coreTools, mcpServerTools } from '../support/fixtures.ts';

const on = { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' as const };

function memoryTools(): Tool[] {
  return mcpServerTools('memory').map((tool) => ({ ...tool, execute: () => ({ ok: true }) }));
}

describe('createRequestSources', () => {
  it('attaches the pack, model and learned requests in that order, each sorted', async () => {
    const sources = createRequestSources({
      pack: (tool) => (tool.originalName === 'create_entities' ? ['remember a person', 'add someone to memory'] : undefined),
      writeRequests: async (tools) => Object.fromEntries(tools.map((tool) => [tool.name, ['model wrote this']])),
      learn: true,
    });
    sources.learned!.add({ server: 'mcp-memory', tool: 'create_entities', text: 'Alice likes tea', time: 1 });
    const tools = memoryTools();
    sources.attach(tools);
    await sources.idle();
    const created = sources.attach(tools).find((tool) => tool.originalName === 'create_entities')!;
    assert.deepEqual(created.requests, ['add someone to memory', 'remember a person', 'model wrote this', 'Alice likes tea']);
    assert.deepEqual(sources.countsOf(created), { pack: 2, model: 1, learned: 1, attached: 4 });
  });

  it('asks the model for every tool by default, and with writeFor uncovered only for those the pack gives none', async () => {
    const askedFor = async (writeFor: 'uncovered' | 'all' | undefined): Promise<{ asked: string[]; requests: string[] }> => {
      const asked: string[] = [];
      const sources = createRequestSources({
        pack: (tool) => (tool.originalName === 'create_entities' ? ['remember a person'] : undefined),
        writeRequests: async (tools) => {
          asked.push(...tools.map((tool) => tool.originalName!));
          return Object.fromEntries(tools.map((tool) => [tool.name, ['model wrote this']]));
        },
        ...(writeFor === undefined ? {} : { writeFor }),
      });
      const tools = memoryTools();
      sources.attach(tools);
      await sources.idle();
      const created = sources.attach(tools).find((tool) => tool.originalName === 'create_entities')!;
      return { asked: asked.sort(), requests: [...(created.requests ?? [])] };
    };
    const all = memoryTools()
      .map((tool) => tool.originalName!)
      .sort();
    const byDefault = await askedFor(undefined);
    assert.deepEqual(byDefault.asked, all);
    assert.deepEqual(byDefault.requests, ['remember a person', 'model wrote this']);
    assert.deepEqual((await askedFor('all')).asked, all);
    const uncovered = await askedFor('uncovered');
    assert.deepEqual(
      uncovered.asked,
      all.filter((name) => name !== 'create_entities'),
    );
    assert.deepEqual(uncovered.requests, ['remember a person']);
  });

  it('gives back the same array while nothing changed, and the same tool while its requests did not', () => {
    const sources = createRequestSources({ pack: () => ['a request'], learn: true });
    const tools = memoryTools();
    const first = sources.attach(tools);
    assert.equal(sources.attach(tools), first);
    sources.learned!.add({ server: 'mcp-memory', tool: 'read_graph', text: 'show everything you know', time: 1 });
    const second = sources.attach(tools);
    assert.notEqual(second, first);
    assert.equal(
      second.find((tool) => tool.originalName === 'create_entities'),
      first.find((tool) => tool.originalName === 'create_entities'),
    );
    assert.deepEqual(second.find((tool) => tool.originalName === 'read_graph')!.requests, ['a request', 'show everything you know']);
  });

  it('passes tools through untouched when it has no source', () => {
    const tools = memoryTools();
    assert.deepEqual(createRequestSources().attach(tools), tools);
    assert.equal(createRequestSources().attach(tools)[0], tools[0]);
  });

  it('gives a hidden tool no requests and never learns for it', () => {
    const isHidden = (tool: Tool) => tool.originalName === 'delete_entities';
    const sources = createRequestSources({ pack: () => ['a request'], learn: true, isHidden });
    const tools = memoryTools();
    const deleted = sources.attach(tools).find((tool) => tool.originalName === 'delete_entities')!;
    assert.equal(deleted.requests, undefined);
    const events: ActivityEvent[] = [
      {
        type: 'search',
        time: '2026-12-01T10:00:00.000Z',
        sessionId: 's',
        via: 'tool_search',
        query: 'forget about alice',
        results: ['mcp_memory_delete_entities'],
      },
      {
        type: 'call_finished',
        time: '2026-12-01T10:00:01.000Z',
        sessionId: 's',
        callId: 'c',
        tool: 'mcp_memory_delete_entities',
        toolset: 'mcp-memory',
        viaBridge: true,
        outcome: 'ok',
      },
    ];
    for (const event of events) sources.observe(event, (name) => tools.find((tool) => tool.name === name));
    assert.deepEqual(sources.learned!.entries(), []);
  });

  it('attaches the situational requests only where every tool has requests without them, and counts them as the pack', () => {
    const situational = (tool: Tool) => [`why ${tool.originalName}`];
    const covered = memoryTools();
    const all = createRequestSources({ pack: () => ['a request'], situational });
    const attached = all.attach(covered);
    for (const tool of attached) assert.deepEqual(tool.requests, ['a request', `why ${tool.originalName}`]);
    assert.deepEqual(all.countsOf(attached[0]!), { pack: 2, model: 0, learned: 0, attached: 2 });

    // One tool without requests of its own: no situational ones for anyone, and that tool is balanced.
    const some = createRequestSources({ pack: (tool) => (tool.originalName === 'read_graph' ? undefined : ['a request']), situational });
    const mixed = some.attach(covered);
    assert.ok(mixed.every((tool) => !(tool.requests ?? []).some((request) => request.startsWith('why '))));
    const readGraph = mixed.find((tool) => tool.originalName === 'read_graph')!;
    assert.equal(readGraph.requestsGivenBy, 'own text');
    assert.equal(some.countsOf(mixed[0]!).pack, 1);

    // A hidden tool has none and does not count: the others still get their situational requests.
    const hidden = createRequestSources({
      pack: (tool) => (tool.originalName === 'read_graph' ? undefined : ['a request']),
      situational,
      isHidden: (tool) => tool.originalName === 'read_graph',
    });
    const visible = hidden.attach(covered).filter((tool) => tool.originalName !== 'read_graph');
    for (const tool of visible) assert.deepEqual(tool.requests, ['a request', `why ${tool.originalName}`]);
  });

  it('lets bounds cut the situational requests first', () => {
    const sources = createRequestSources({
      pack: () => ['a request'],
      situational: () => ['a situation'],
      learn: true,
      bounds: { maxTexts: 2 },
    });
    sources.learned!.add({ server: 'mcp-memory', tool: 'create_entities', text: 'learned words', time: 1 });
    const created = sources.attach(memoryTools()).find((tool) => tool.originalName === 'create_entities')!;
    assert.deepEqual(created.requests, ['a request', 'learned words']);
  });

  it('keeps a learned query redacted and without argument values', () => {
    assert.equal(
      learnedRequestText('mail the report.pdf to bob@example.com with token SECRET123456', (text) =>
        text.replace('SECRET123456', '<token>'),
      ),
      'mail the to with token',
    );
    assert.equal(learnedRequestText('42 "x"'), undefined);
  });

  it('reads learned requests under the upstream name and the name after mcp_<server>_', () => {
    const tool: Tool = {
      name: 'mcp_my_server_get_a_b',
      originalName: 'get.a.b',
      description: '',
      parameters: {},
      toolset: 'mcp-my.server',
      kind: 'mcp',
    };
    assert.deepEqual(toolKeysOf(tool), ['get.a.b', 'get_a_b']);
  });
});

describe('a session with request sources', () => {
  it('learns the query of a search followed by a successful call, and shows it on the tool', async () => {
    const sources = createRequestSources({ learn: true });
    const session = createToolSearchSession({ tools: memoryTools(), config: on, requests: sources, sessionId: 's' });
    const search = await session.call('tool_search', { query: 'add observations to an entity', limit: 9 });
    assert.ok(search.ok);
    const names = (search.value as { matches: { name: string }[] }).matches.map((match) => match.name);
    assert.ok(names.includes('mcp_memory_add_observations'), names.join(', '));
    assert.ok((await session.call('tool_call', { name: 'mcp_memory_add_observations', arguments: { observations: [] } })).ok);
    assert.deepEqual(
      sources.learned!.entries().map(({ server, tool, text }) => ({ server, tool, text })),
      [{ server: 'mcp-memory', tool: 'add_observations', text: 'add observations to an entity' }],
    );
    assert.deepEqual(session.tools().find((tool) => tool.originalName === 'add_observations')!.requests, ['add observations to an entity']);
  });

  it('learns nothing from a failed call', async () => {
    const sources = createRequestSources({ learn: true });
    const tools = memoryTools().map((tool) => ({ ...tool, execute: () => Promise.reject(new Error('upstream down')) }));
    const session = createToolSearchSession({ tools, config: on, requests: sources });
    assert.ok(
      JSON.stringify(await session.call('tool_search', { query: 'add observations to an entity', limit: 9 })).includes(
        'mcp_memory_add_observations',
      ),
    );
    const outcome = await session.call('tool_call', { name: 'mcp_memory_add_observations', arguments: { observations: [] } });
    assert.equal(outcome.ok, false);
    assert.deepEqual(sources.learned!.entries(), []);
  });

  it('still calls the caller own activity listener', async () => {
    const seen: string[] = [];
    const session = createToolSearchSession({
      tools: [...coreTools(), ...memoryTools()],
      config: on,
      requests: createRequestSources({ learn: true }),
      hooks: { onActivity: (event) => void seen.push(event.type) },
    });
    await session.call('tool_search', { query: 'read the graph' });
    assert.deepEqual(seen, ['search']);
  });
});
