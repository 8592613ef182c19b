import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { collectPages, type ListPage } from '../integrations/mcp-client/collect-pages.ts';
import type { Upstream } from './create-upstream.ts';

/**
 * Every item of one paginated list of an upstream (`what` names it for messages: "list its prompts"),
 * or none when the upstream cannot answer: a listing that spans servers shows what the healthy ones
 * have, and the failing one's status says why it is unwell.
 */
export async function listUpstreamPages<Item>(
  upstream: Upstream,
  what: string,
  fetchPage: (client: Client, cursor: string | undefined, options: RequestOptions) => Promise<ListPage<Item>>,
  signal?: AbortSignal,
): Promise<Item[]> {
  return upstream
    .request(what, (client, options) => collectPages((cursor) => fetchPage(client, cursor, options)), signal)
    .catch(() => [] as Item[]);
}
