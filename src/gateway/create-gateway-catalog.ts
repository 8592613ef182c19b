import type { AsyncLocalStorage } from 'node:async_hooks';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { nameMcpTools, type McpToolRename } from '../integrations/mcp-client/index.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import type { GatewayRequest } from './gateway-request.ts';
import type { Upstream } from './create-upstream.ts';

/** The gateway's live tool registry: the tools of every connected upstream, named across all of them. */
export interface GatewayCatalog {
  /** The current tools; rebuilt only by {@link GatewayCatalog.rebuild}, so reading is cheap. */
  tools(): readonly Tool[];
  /** Tools whose name is not the plain `mcp_<server>_<tool>`, and why. */
  renames(): readonly McpToolRename[];
  /** Re-reads every upstream; true when the tool list (names, descriptions, schemas) changed. */
  rebuild(): boolean;
  /** The server a tool name belongs or belonged to, also after that server went away. */
  serverOf(name: string): string | undefined;
  /** Whether a tool of this exact name is in the catalog now. */
  has(name: string): boolean;
}

/**
 * Builds the registry from the upstreams' tool sources. Names are given by the MCP client
 * integration's `nameMcpTools` over all servers at once, so collisions between servers
 * (`mcp_a_b_c` from server `a` tool `b_c` and server `a_b` tool `c`) are resolved the same way as
 * within one. Each tool's executor forwards to its upstream under the server's own name.
 */
export function createGatewayCatalog(upstreams: readonly Upstream[], requests: AsyncLocalStorage<GatewayRequest>): GatewayCatalog {
  const byName = new Map(upstreams.map((upstream) => [upstream.name, upstream]));
  const known = new Map<string, string>();
  let current: { tools: readonly Tool[]; names: ReadonlySet<string>; renames: readonly McpToolRename[]; fingerprint: string } = {
    tools: [],
    names: new Set(),
    renames: [],
    fingerprint: '[]',
  };

  const forward =
    (upstream: Upstream, originalName: string): Tool['execute'] =>
    async (args, call) => {
      const request = requests.getStore();
      const result = await upstream.call(originalName, args, {
        ...(call.signal === undefined ? {} : { signal: call.signal }),
        ...(request?.onProgress === undefined ? {} : { onProgress: request.onProgress }),
      });
      if (result['isError'] === true) {
        if (request !== undefined) request.upstreamError = result as CallToolResult;
        throw new Error(errorText(result as CallToolResult));
      }
      return result;
    };

  return {
    tools: () => current.tools,
    renames: () => current.renames,
    rebuild() {
      const entries = [...upstreams]
        .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
        .flatMap((upstream) => upstream.tools().map((tool) => ({ upstream, tool, originalName: originalNameOf(tool) })));
      const naming = nameMcpTools(entries.map((entry) => ({ server: entry.upstream.name, tool: entry.originalName })));
      const tools = entries.map((entry, index): Tool => {
        const name = naming.names[index]!;
        known.set(name, entry.upstream.name);
        return { ...entry.tool, name, execute: forward(byName.get(entry.upstream.name)!, entry.originalName) };
      });
      const fingerprint = JSON.stringify(tools.map((tool) => [tool.name, tool.description, tool.parameters]));
      const changed = fingerprint !== current.fingerprint;
      current = { tools, names: new Set(tools.map((tool) => tool.name)), renames: naming.renames, fingerprint };
      return changed;
    },
    serverOf: (name) => known.get(name),
    has: (name) => current.names.has(name),
  };
}

function errorText(result: CallToolResult): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- an upstream server's result: content may be missing
  const texts = (result.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
  return texts.length > 0 ? texts.join('\n') : 'the server reported an error without text';
}
