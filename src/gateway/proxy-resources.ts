import { clipEchoedName } from '../bridge/clip-echoed-name.ts';
import { ErrorCode, McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Upstream } from './create-upstream.ts';
import { listAcrossUpstreams, type UpstreamEntry } from './list-upstream-pages.ts';

/** Whether an upstream offers resources (and so resource templates). */
function offersResources(upstream: Upstream): boolean {
  return upstream.capabilities()?.resources !== undefined;
}

/**
 * The resources of every connected upstream that offers resources, in config order. URIs pass through
 * as they are: they already say whose they are. An upstream that fails to list them is left out of this
 * listing (its status says why it is unwell).
 */
export function listUpstreamResources(upstreams: readonly Upstream[], signal?: AbortSignal): Promise<UpstreamEntry<Resource>[]> {
  return listAcrossUpstreams<Resource>(
    upstreams,
    offersResources,
    'list its resources',
    async (client, cursor, options) => {
      const page = await client.listResources(cursor === undefined ? {} : { cursor }, options);
      return { items: page.resources, nextCursor: page.nextCursor };
    },
    signal,
  );
}

/** The resource templates of every connected upstream that offers resources, as {@link listUpstreamResources}. */
export function listUpstreamResourceTemplates(
  upstreams: readonly Upstream[],
  signal?: AbortSignal,
): Promise<UpstreamEntry<ResourceTemplate>[]> {
  return listAcrossUpstreams<ResourceTemplate>(
    upstreams,
    offersResources,
    'list its resource templates',
    async (client, cursor, options) => {
      const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, options);
      return { items: page.resourceTemplates, nextCursor: page.nextCursor };
    },
    signal,
  );
}

/**
 * `resources/read` routed to the upstream whose resource it is: the first that lists that exact URI,
 * else the one with the longest template prefix (the text before its first `{`) that the URI starts
 * with (templates are only listed when no resource matched). A URI no connected server offers is an
 * InvalidParams error.
 */
export async function readUpstreamResource(upstreams: readonly Upstream[], uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
  const owner = await resourceOwner(upstreams, uri, signal);
  return owner.request(`read the resource '${clipEchoedName(uri)}'`, (client, options) => client.readResource({ uri }, options), signal);
}

/**
 * The upstream whose resource `uri` is (see {@link readUpstreamResource}); an InvalidParams error when
 * no connected server offers it.
 */
export async function resourceOwner(upstreams: readonly Upstream[], uri: string, signal?: AbortSignal): Promise<Upstream> {
  const owner =
    (await listUpstreamResources(upstreams, signal)).find(({ entry }) => entry.uri === uri)?.upstream ??
    (await templateOwner(upstreams, uri, signal));
  if (owner === undefined)
    throw new McpError(
      ErrorCode.InvalidParams,
      `No connected server offers the resource '${clipEchoedName(uri)}'. List them with resources/list.`,
    );
  return owner;
}

/** The upstream with the longest template prefix that `uri` starts with, if any. */
async function templateOwner(upstreams: readonly Upstream[], uri: string, signal?: AbortSignal): Promise<Upstream | undefined> {
  return (await listUpstreamResourceTemplates(upstreams, signal))
    .map(({ upstream, entry }) => ({ upstream, prefix: templatePrefix(entry.uriTemplate) }))
    .filter(({ prefix }) => prefix !== '' && uri.startsWith(prefix))
    .sort((left, right) => right.prefix.length - left.prefix.length)[0]?.upstream;
}

/** The literal start of a URI template: everything before its first expression. */
function templatePrefix(uriTemplate: string): string {
  const brace = uriTemplate.indexOf('{');
  return brace < 0 ? uriTemplate : uriTemplate.slice(0, brace);
}
