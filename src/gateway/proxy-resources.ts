import { ErrorCode, McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import type { Upstream } from './create-upstream.ts';
import { listUpstreamPages } from './list-upstream-pages.ts';

/** What the upstreams that offer resources list: resources and templates, each with its upstream. */
interface UpstreamResources {
  readonly resources: readonly { readonly upstream: Upstream; readonly resource: Resource }[];
  readonly templates: readonly { readonly upstream: Upstream; readonly template: ResourceTemplate }[];
}

/**
 * The resources and resource templates of every connected upstream that offers resources, in config
 * order. URIs pass through as they are: they already say whose they are. An upstream that fails to list
 * them is left out of this listing (its status says why it is unwell).
 */
export async function listUpstreamResources(upstreams: readonly Upstream[], signal?: AbortSignal): Promise<UpstreamResources> {
  const offering = upstreams.filter((upstream) => upstream.capabilities()?.resources !== undefined);
  const listed = await Promise.all(
    offering.map(async (upstream) => {
      const [resources, templates] = await Promise.all([
        listUpstreamPages<Resource>(
          upstream,
          'list its resources',
          async (client, cursor, options) => {
            const page = await client.listResources(cursor === undefined ? {} : { cursor }, options);
            return { items: page.resources, nextCursor: page.nextCursor };
          },
          signal,
        ),
        listUpstreamPages<ResourceTemplate>(
          upstream,
          'list its resource templates',
          async (client, cursor, options) => {
            const page = await client.listResourceTemplates(cursor === undefined ? {} : { cursor }, options);
            return { items: page.resourceTemplates, nextCursor: page.nextCursor };
          },
          signal,
        ),
      ]);
      return { resources: resources.map((resource) => ({ upstream, resource })), templates: templates.map((template) => ({ upstream, template })) };
    }),
  );
  return { resources: listed.flatMap((entry) => entry.resources), templates: listed.flatMap((entry) => entry.templates) };
}

/**
 * `resources/read` routed to the upstream whose resource it is: the first that lists that exact URI,
 * else the one with the longest template prefix (the text before its first `{`) that the URI starts
 * with. A URI no connected server offers is an InvalidParams error.
 */
export async function readUpstreamResource(upstreams: readonly Upstream[], uri: string, signal?: AbortSignal): Promise<ReadResourceResult> {
  const { resources, templates } = await listUpstreamResources(upstreams, signal);
  const owner =
    resources.find((entry) => entry.resource.uri === uri)?.upstream ??
    templates
      .map((entry) => ({ upstream: entry.upstream, prefix: templatePrefix(entry.template.uriTemplate) }))
      .filter((entry) => entry.prefix !== '' && uri.startsWith(entry.prefix))
      .sort((left, right) => right.prefix.length - left.prefix.length)[0]?.upstream;
  if (owner === undefined) throw new McpError(ErrorCode.InvalidParams, `No connected server offers the resource '${uri}'. List them with resources/list.`);
  return owner.request(`read the resource '${uri}'`, (client, options) => client.readResource({ uri }, options), signal);
}

/** The literal start of a URI template: everything before its first expression. */
function templatePrefix(uriTemplate: string): string {
  const brace = uriTemplate.indexOf('{');
  return brace < 0 ? uriTemplate : uriTemplate.slice(0, brace);
}
