import type { McpClientLike } from './mcp-client-like.ts';

/** One entry of an MCP server's `tools/list`, as the SDK returns it. */
export type McpListedTool = Awaited<ReturnType<McpClientLike['listTools']>>['tools'][number];

/**
 * Every tool a server offers, following `nextCursor` through all pages. A server that does not
 * advertise the `tools` capability has none (asking would be a protocol error).
 */
export async function listAllTools(client: McpClientLike): Promise<McpListedTool[]> {
  if (client.getServerCapabilities()?.tools === undefined) return [];
  const tools: McpListedTool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    // A server that hands back a cursor it already gave would otherwise keep us listing forever.
    if (cursor !== undefined && seenCursors.has(cursor)) break;
    if (cursor !== undefined) seenCursors.add(cursor);
  } while (cursor !== undefined);
  return tools;
}
