import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { collectPages, type ListPage } from '../integrations/mcp-client/collect-pages.ts';
import type { Upstream } from './create-upstream.ts';

/** One listed item (a prompt, a resource, a template) with the upstream that lists it. */
export interface UpstreamEntry<Item> {
  readonly upstream: Upstream;
  readonly entry: Item;
}

/** Fetches one page of a list from a connected client. */
export type PageFetcher<Item> = (client: Client, cursor: string | undefined, options: RequestOptions) => Promise<ListPage<Item>>;

/**
 * One paginated list (`what` names it for messages: "list its prompts") of every upstream for which
 * `offers` holds, in config order, all pages followed. An upstream that cannot answer contributes
 * nothing: a listing that spans servers shows what the healthy ones have, and the failing one's status
 * says why it is unwell.
 */
export async function listAcrossUpstreams<Item>(
  upstreams: readonly Upstream[],
  offers: (upstream: Upstream) => boolean,
  what: string,
  fetchPage: PageFetcher<Item>,
  signal?: AbortSignal,
): Promise<UpstreamEntry<Item>[]> {
  const listed = await Promise.all(
    upstreams.filter(offers).map(async (upstream) => {
      const items = await upstream
        .request(what, (client, options) => collectPages((cursor) => fetchPage(client, cursor, options)), signal)
        .catch(() => [] as Item[]);
      return items.map((entry) => ({ upstream, entry }));
    }),
  );
  return listed.flat();
}
