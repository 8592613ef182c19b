import type { Gateway } from '../gateway/create-gateway.ts';
import type { PackMatch } from '../request-pack/load-request-pack.ts';
import { DEFAULT_SEARCH_OPTIONS } from '../catalog/index/search-options.ts';
import { countOf } from '../text/count-of.ts';

/** One server's requests as `inspect` shows them: the pack entry it matched, and per tool how many from where. */
export interface ServerRequests {
  readonly server: string;
  readonly pack: PackMatch | null;
  readonly tools: ReadonlyArray<{
    readonly tool: string;
    readonly pack: number;
    readonly model: number;
    readonly learned: number;
    /** A tool with none of its own beside tools with some: how many it was lent, or given of its own text (balanceRequests). */
    readonly balanced?: { readonly by: 'lent' | 'own text'; readonly count: number };
  }>;
}

/** Per server of the gateway (in config order), what its tools' requests are made of. Hidden tools count none. */
export function describeRequests(gateway: Gateway): ServerRequests[] {
  // The tools as sessions see them, requests attached and balanced (which countsOf then reports).
  const tools = gateway.tools();
  return gateway.upstreams().map((upstream) => ({
    server: upstream.name,
    pack: gateway.requestSources.packMatchOf(upstream.name) ?? null,
    tools: tools
      .filter((tool) => tool.toolset === `mcp-${upstream.name}`)
      .map((tool) => {
        const { pack, model, learned, balanced } = gateway.requestSources.countsOf(tool);
        return { tool: tool.name, pack, model, learned, ...(balanced === undefined ? {} : { balanced }) };
      }),
  }));
}

/** The text of `inspect`'s requests section. Pure. */
export function renderRequests(
  servers: readonly ServerRequests[],
  sources: { readonly pack: boolean; readonly learn: boolean; readonly expand: boolean },
): string {
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  const lines = [
    `Requests (how people ask for each tool; searched, never shown to the model): search.pack ${onOff(sources.pack)}, search.learn ${onOff(sources.learn)}, search.expand ${onOff(sources.expand)}`,
  ];
  for (const server of servers) {
    const sum = (source: 'pack' | 'model' | 'learned') => server.tools.reduce((total, tool) => total + tool[source], 0);
    const entry =
      server.pack === null ? 'no pack entry' : `pack entry ${server.pack.id} (by ${server.pack.by.replace('_', ' ')} ${server.pack.value})`;
    lines.push(
      `  ${server.server}: ${entry}; ${countOf(server.tools.length, 'tool')}: ${sum('pack')} from the pack, ${sum('model')} from the model, ${sum('learned')} learned`,
    );
    const width = Math.max(0, ...server.tools.map((tool) => tool.tool.length));
    for (const tool of server.tools) {
      const balanced =
        tool.balanced === undefined
          ? ''
          : tool.balanced.by === 'lent'
            ? `; ${tool.balanced.count} lent by similar tools`
            : '; its own text, as others have requests';
      lines.push(`    ${tool.tool.padEnd(width)}  pack ${tool.pack}, model ${tool.model}, learned ${tool.learned}${balanced}`);
    }
  }
  const weighing = describeWeighing(servers);
  if (weighing !== undefined) lines.push(`  ${weighing}`);
  const uncovered = servers.filter((server) => server.pack === null && server.tools.length > 0);
  if (sources.pack && !sources.expand && uncovered.length > 0) {
    const tools = uncovered.reduce((total, server) => total + server.tools.length, 0);
    lines.push(
      `  ${listNames(uncovered.map((server) => server.server))} ${uncovered.length === 1 ? 'has' : 'have'} no pack entry: search.expand has your own model write requests for ${countOf(tools, 'tool')} (docs/requests.md)`,
    );
  }
  return `\n${lines.join('\n')}\n`;
}

/**
 * How the search weighs the requests of these servers' tools (FieldWeights.requests or ownRequests;
 * at each tool's best request, rank/best-request.ts, a tool without its own is given the benefit of
 * the doubt), or undefined when no tool has any. A tool without requests of its own is one balancing
 * gave some to (a hidden tool has none and is not searched, so it does not count).
 */
export function describeWeighing(servers: readonly ServerRequests[]): string | undefined {
  const tools = servers.flatMap((server) => server.tools);
  const { requests, ownRequests } = DEFAULT_SEARCH_OPTIONS.fieldWeights;
  const without = tools.filter((tool) => tool.balanced !== undefined).length;
  if (without > 0)
    return `${countOf(without, 'tool')} without requests of ${without === 1 ? 'its' : 'their'} own: requests weigh ${requests} in the search, and at each tool's best request ${without === 1 ? 'it is' : 'they are'} given the benefit of the doubt, so that ${without === 1 ? 'it loses' : 'they lose'} nothing for lacking them`;
  if (!tools.some((tool) => tool.pack + tool.model + tool.learned > 0)) return undefined;
  return `every tool has requests of its own: they weigh ${ownRequests} in the search, and each tool's best request counts too`;
}

/** `a`, `a and b`, `a, b and 3 more`: at most three names, the rest counted. */
function listNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const shown = names.slice(0, 2);
  const rest = names.length - shown.length;
  return rest === 1 ? `${shown.join(', ')} and ${names[2]}` : `${shown.join(', ')} and ${rest} more`;
}
