import { clipEchoedName } from '../bridge/clip-echoed-name.ts';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { Upstream } from './create-upstream.ts';
import { resourceOwner } from './proxy-resources.ts';

/**
 * Which clients follow which upstream resources: one upstream subscription per URI, however many
 * clients follow it, ended when the last one stops or goes away.
 */
export interface ResourceSubscriptions {
  /** `client` follows `uri`; the first follower subscribes at the server that offers it. */
  subscribe(client: string, uri: string, signal?: AbortSignal): Promise<void>;
  /** `client` stops following `uri`; the last one's leaving ends the upstream subscription. */
  unsubscribe(client: string, uri: string): Promise<void>;
  /** Ends every subscription of a client that went away. */
  dropClient(client: string): Promise<void>;
  /** Whether `client` follows `uri`. */
  follows(client: string, uri: string): boolean;
}

/** Subscriptions over the upstreams `upstreams()` gives (the ones clients may use). */
export function createResourceSubscriptions(upstreams: () => readonly Upstream[]): ResourceSubscriptions {
  const byUri = new Map<string, { readonly upstream: Upstream; readonly clients: Set<string> }>();

  const unsubscribe = async (client: string, uri: string): Promise<void> => {
    const entry = byUri.get(uri);
    if (entry === undefined || !entry.clients.delete(client) || entry.clients.size > 0) return;
    byUri.delete(uri);
    await entry.upstream.unsubscribe(uri);
  };

  return {
    async subscribe(client, uri, signal) {
      const known = byUri.get(uri);
      if (known !== undefined) {
        known.clients.add(client);
        return;
      }
      const owner = await resourceOwner(upstreams(), uri, signal);
      if (owner.capabilities()?.resources?.subscribe !== true) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `MCP server '${owner.name}' does not support resource subscriptions, so '${clipEchoedName(uri)}' cannot be followed; read it again instead.`,
        );
      }
      await owner.subscribe(uri, signal);
      const entry = byUri.get(uri) ?? { upstream: owner, clients: new Set<string>() };
      entry.clients.add(client);
      byUri.set(uri, entry);
    },
    unsubscribe,
    async dropClient(client) {
      await Promise.all([...byUri.keys()].map((uri) => unsubscribe(client, uri)));
    },
    follows(client, uri) {
      return byUri.get(uri)?.clients.has(client) ?? false;
    },
  };
}
