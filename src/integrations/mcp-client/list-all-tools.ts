import { collectPages } from './collect-pages.ts';
import type { McpClientLike } from './mcp-client-like.ts';

/** One entry of an MCP server's `tools/list`, as the SDK returns it. */
export type McpListedTool = Awaited<ReturnType<McpClientLike['listTools']>>['tools'][number];

/**
 * Every tool a server offers, following `nextCursor` through all pages, within `timeoutMs` in all when
 * given (the pages share it). A server that does not advertise the `tools` capability has none
 * (asking would be a protocol error).
 */
export async function listAllTools(client: McpClientLike, timeoutMs?: number): Promise<McpListedTool[]> {
  if (client.getServerCapabilities()?.tools === undefined) return [];
  const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
  return collectPages(async (cursor) => {
    const options = deadline === undefined ? undefined : { timeout: Math.max(1, deadline - Date.now()) };
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, options);
    return { items: page.tools, nextCursor: page.nextCursor };
  });
}
