/**
 * tool-search/mcp: two real MCP servers as a live tool set, searched and called through the bridge
 * without a model, plus a subagent limited to one server. Run: node --import tsx examples/mcp-client.ts
 */
import { createToolSearchSession, outcomeText } from 'tool-search';
import { blockDeletes } from './hooks.ts';
import { connectExampleServers } from './connect-example-servers.ts';

const { source, close } = await connectExampleServers();
try {
  const session = createToolSearchSession({
    tools: source.tools, // live: re-read at every assembly and call
    config: { enabled: 'on', thresholdPct: 10, searchDefaultLimit: 3, maxSearchLimit: 20 },
    hooks: {
      guardrails: [blockDeletes],
      onActivity: (event) =>
        event.type === 'call_finished' && console.log(`  [activity] ${event.tool} (${event.toolset}): ${event.outcome}`),
    },
  });
  const assembly = session.assemble();
  console.log(`${source.tools().length} tools from ${source.toolsets().join(', ')}; ${assembly.reason}`);
  console.log(`model sees: ${assembly.tools.map((tool) => tool.name).join(', ')}`);

  const search = await session.call('tool_search', { query: 'create entities in the knowledge graph' });
  console.log(`tool_search -> ${outcomeText(search)}`);
  const created = await session.call('tool_call', {
    name: 'mcp_memory_create_entities',
    arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] },
  });
  console.log(`tool_call create_entities -> ${outcomeText(created)}`);
  const deleted = await session.call('tool_call', { name: 'mcp_memory_delete_entities', arguments: { entityNames: ['Ada'] } });
  console.log(`tool_call delete_entities -> ${outcomeText(deleted)}`);

  // A subagent that may only use the memory server: the everything server is invisible to it.
  const child = session.child({ toolsets: ['mcp-memory'] });
  const echo = await child.call('tool_call', { name: 'mcp_everything_echo', arguments: { message: 'hi' } });
  console.log(`subagent tool_call echo -> ${outcomeText(echo)}`);
} finally {
  await close();
}
