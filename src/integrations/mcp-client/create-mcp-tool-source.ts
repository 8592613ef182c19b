import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import type { Tool, ToolCallContext } from '../../tools/tool.ts';
import { listAllTools, type McpListedTool } from './list-all-tools.ts';
import type { McpCallToolResult, McpClientLike } from './mcp-client-like.ts';
import { nameMcpTools, type McpToolRename } from './name-mcp-tools.ts';
import { simplifyMcpResult } from './simplify-mcp-result.ts';
import { messageOf } from '../../errors/message-of.ts';
import { readToolAnnotations } from './read-tool-annotations.ts';

/** Where a call's result came from, for a custom {@link McpToolSourceOptions.mapResult}. */
export interface McpResultContext {
  readonly server: string;
  /** The server's own name of the tool. */
  readonly tool: string;
  readonly call: ToolCallContext;
}

export interface McpToolSourceOptions {
  /**
   * Connected MCP SDK clients keyed by server name. The name gives the toolset (`mcp-<server>`) and
   * the tool-name prefix (`mcp_<server>_`). The clients stay the caller's: the source never closes them.
   */
  readonly clients: Readonly<Record<string, McpClientLike>> | ReadonlyMap<string, McpClientLike>;
  /**
   * Called after a server's tool list was re-read (on `notifications/tools/list_changed` or `refresh()`)
   * and the resulting tool set differs from the one before, so a host can tell its own clients.
   */
  readonly onChange?: (change: McpToolSourceChange) => void;
  /** Called when re-reading a server's tools fails; its previous tools are kept. @default ignore */
  readonly onError?: (error: unknown, server: string) => void;
  /**
   * Turns a `tools/call` result into the value the model is shown; throw to report a failed call.
   * Pass `(result) => result` to keep results verbatim (a gateway relaying them to MCP clients).
   * @default simplifyMcpResult
   */
  readonly mapResult?: (result: McpCallToolResult, context: McpResultContext) => unknown;
  /**
   * How long one reading of a server's tool list (all its pages) may take. A re-read that runs out of
   * time fails (onError) and the server's previous tools are kept, so a server that never answers
   * `tools/list` cannot hold up whoever waits for `settled()`. @default the SDK's request timeout (60 s) per page
   */
  readonly listTimeoutMs?: number;
}

export interface McpToolSourceChange {
  /** Servers whose list was re-read, sorted. */
  readonly servers: readonly string[];
  /** The whole tool set after the change. */
  readonly tools: readonly Tool[];
}

/** A live tool set over MCP clients: hand `tools` to `createToolSearchSession({tools: source.tools})`. */
export interface McpToolSource {
  /**
   * The current tools of every server: servers in name order, each server's tools in its own order,
   * kind `mcp`, toolset `mcp-<server>`, `originalName` the server's name, `execute` forwarding
   * `tools/call` with the call's abort signal. A plain function, so it can be passed as a session's
   * live registry.
   */
  readonly tools: () => readonly Tool[];
  /** Toolset names, `mcp-<server>`, in server-name order. */
  readonly toolsets: () => readonly string[];
  /** Tools whose name is not the plain `mcp_<server>_<tool>` and why (see {@link nameMcpTools}). */
  readonly renames: () => readonly McpToolRename[];
  /**
   * Re-reads the tool lists of the given servers (all when omitted) in a read that starts after this
   * call (requests made while a read runs share the next one); rejects when one of them fails.
   */
  readonly refresh: (servers?: readonly string[]) => Promise<void>;
  /**
   * Resolves once every re-read started so far (by `list_changed` or `refresh()`) has finished, failed
   * or not, so a host can answer `tools/list` from a settled tool set.
   */
  readonly settled: () => Promise<void>;
  /** Stops following `list_changed` and removes the source's notification handlers. Clients stay open. */
  readonly close: () => void;
}

/**
 * Reads the tools of connected MCP clients and keeps them current. Installs a handler for
 * `notifications/tools/list_changed` on each client (replacing any handler set there before); a burst
 * of notifications costs at most the re-read running and one after it, not one each.
 * Rejects with a ToolSearchError (`invalid_mcp_source`, `mcp_list_failed`) for setup problems.
 */
export async function createMcpToolSource(options: McpToolSourceOptions): Promise<McpToolSource> {
  const clients = new Map(options.clients instanceof Map ? options.clients : Object.entries(options.clients));
  for (const [server, client] of clients) {
    if (!/^[^\s]+$/.test(server)) {
      throw new ToolSearchError('invalid_mcp_source', `MCP server name ${JSON.stringify(server)} must be non-empty and have no spaces.`);
    }
    if (typeof client?.listTools !== 'function' || typeof client.callTool !== 'function') {
      throw new ToolSearchError(
        'invalid_mcp_source',
        `The client for MCP server '${server}' is not an MCP SDK Client (it has no listTools/callTool).`,
      );
    }
  }
  const mapResult = options.mapResult ?? simplifyMcpResult;
  const servers = [...clients.keys()].sort();
  const listed = new Map<string, readonly McpListedTool[]>();
  let current: { tools: readonly Tool[]; renames: readonly McpToolRename[] } = { tools: [], renames: [] };
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  const readServer = async (server: string): Promise<void> => {
    try {
      listed.set(server, await listAllTools(clients.get(server)!, options.listTimeoutMs));
    } catch (error) {
      throw new ToolSearchError('mcp_list_failed', `Could not list the tools of MCP server '${server}': ${messageOf(error)}`, {
        cause: error,
      });
    }
  };

  const rebuild = (): void => {
    const entries = servers.flatMap((server) => (listed.get(server) ?? []).map((tool) => ({ server, tool })));
    const naming = nameMcpTools(entries.map((entry) => ({ server: entry.server, tool: entry.tool.name })));
    const tools = entries.map((entry, index): Tool => {
      const client = clients.get(entry.server)!;
      const originalName = entry.tool.name;
      const annotations = readToolAnnotations(entry.tool.annotations);
      return {
        ...(annotations === undefined ? {} : { annotations }),
        name: naming.names[index]!,
        description: entry.tool.description ?? entry.tool.title ?? '',
        parameters: entry.tool.inputSchema,
        toolset: `mcp-${entry.server}`,
        kind: 'mcp',
        originalName,
        execute: async (args, call) => {
          const result = await client.callTool(
            { name: originalName, arguments: args },
            undefined,
            call.signal === undefined ? {} : { signal: call.signal },
          );
          return mapResult(result, { server: entry.server, tool: originalName, call });
        },
      };
    });
    current = { tools, renames: naming.renames };
  };

  // Servers to read in the next batch, and those of them a list_changed asked for (their failures go to
  // onError; a refresh() reports its own by rejecting).
  let dirty = new Set<string>();
  let notified = new Set<string>();
  // The batch waiting for the running one to finish; every request made meanwhile joins it.
  let waiting: Promise<ReadonlyMap<string, unknown>> | undefined;

  /**
   * Marks `targets` for re-reading and returns the batch that will read them: one batch runs at a time
   * (so results cannot interleave), and requests made while one runs all join the single batch waiting
   * behind it. A storm of list_changed notifications thus costs one re-read running and one trailing,
   * and a batch always starts after the requests it serves, so it sees what they were about.
   * Resolves with each failed server's error.
   */
  const reread = (targets: readonly string[], byNotification: boolean): Promise<ReadonlyMap<string, unknown>> => {
    for (const server of targets) {
      dirty.add(server);
      if (byNotification) notified.add(server);
    }
    if (waiting !== undefined) return waiting;
    const batch = queue.then(async () => {
      waiting = undefined;
      const batchServers = [...dirty].sort();
      const reported = notified;
      dirty = new Set();
      notified = new Set();
      const failures = new Map<string, unknown>();
      if (closed) return failures;
      const before = fingerprint(current.tools);
      const settled = await Promise.allSettled(batchServers.map(readServer));
      rebuild();
      if (fingerprint(current.tools) !== before) options.onChange?.({ servers: batchServers, tools: current.tools });
      settled.forEach((result, index) => {
        if (result.status === 'rejected') failures.set(batchServers[index]!, result.reason);
      });
      for (const [server, error] of failures) if (reported.has(server)) options.onError?.(error, server);
      return failures;
    });
    waiting = batch;
    queue = batch.catch(() => undefined);
    return batch;
  };

  await Promise.all(servers.map(readServer));
  rebuild();
  for (const server of servers) {
    clients.get(server)!.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      reread([server], true).catch((error: unknown) => options.onError?.(error, server));
    });
  }

  return {
    tools: () => current.tools,
    toolsets: () => servers.map((server) => `mcp-${server}`),
    renames: () => current.renames,
    refresh: (targets = servers) => {
      const unknown = targets.filter((server) => !clients.has(server));
      if (unknown.length > 0) {
        return Promise.reject(
          new ToolSearchError('invalid_mcp_source', `Unknown MCP server(s): ${unknown.join(', ')}. Known: ${servers.join(', ')}.`),
        );
      }
      return reread(targets, false).then((failures) => {
        const failed = targets.find((server) => failures.has(server));
        if (failed !== undefined) throw failures.get(failed);
      });
    },
    settled: () => queue.then(() => undefined),
    close: () => {
      if (closed) return;
      closed = true;
      for (const client of clients.values()) client.removeNotificationHandler(ToolListChangedNotificationSchema.shape.method.value);
    },
  };
}

/** What a model or a host can observe of a tool set: names, toolsets, descriptions and schemas, in order. */
function fingerprint(tools: readonly Tool[]): string {
  return JSON.stringify(tools.map((tool) => [tool.name, tool.toolset, tool.description, tool.parameters]));
}
