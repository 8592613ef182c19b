import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

/**
 * The part of an MCP SDK `Client` the tool source uses. A connected `Client` from
 * `@modelcontextprotocol/sdk/client/index.js` satisfies it; any object with these methods works too.
 */
export type McpClientLike = Pick<
  Client,
  'listTools' | 'callTool' | 'getServerCapabilities' | 'setNotificationHandler' | 'removeNotificationHandler'
>;

/** The result of `tools/call`, as the SDK returns it. */
export type McpCallToolResult = Awaited<ReturnType<Client['callTool']>>;
