import { setImmediate as nextTurn } from 'node:timers/promises';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type JSONRPCMessage,
  type Tool as McpWireTool,
} from '@modelcontextprotocol/sdk/types.js';
import { toMcpTool, type McpTool } from '../adapters/mcp/mcp-tool.ts';
import type { AssemblyResult } from '../assembly/assemble-tools.ts';
import type { ToolAnnotations } from '../tools/tool.ts';
import { TOOL_DESCRIBE, TOOL_SEARCH } from '../bridge/bridge-tool-names.ts';
import { outcomeText, type CallOutcome } from '../dispatch/call-outcome.ts';
import { DEFAULT_MAX_RESULT_TOKENS } from '../config/result-limits.ts';
import type { Gateway } from './create-gateway.ts';
import { largeRequestBody } from './read-request-json.ts';
import { redactJson, type Redactor } from './redact-secrets.ts';
import { shownCallToolResult } from './shown-call-tool-result.ts';
import type { GatewayRequest } from './gateway-request.ts';
import { getUpstreamPrompt, listUpstreamPrompts } from './proxy-prompts.ts';
import { listUpstreamResources, listUpstreamResourceTemplates, readUpstreamResource } from './proxy-resources.ts';

/** What the gateway tells MCP clients it is. */
export const GATEWAY_SERVER_INFO = Object.freeze({ name: 'tool-search-gateway', version: '0.1.0' });

/** Who is on the other end of a connection. */
export interface GatewayConnectionOptions {
  /** The named client (`http.clients`) whose token opened it: its activity carries the name. @default none */
  readonly client?: string;
}

/** One MCP client connected to the gateway. */
export interface GatewayConnection {
  readonly server: Server;
  readonly sessionId: string;
  close(): Promise<void>;
}

/**
 * Serves one MCP client over `transport`:
 * - `tools/list` is the core session's assembled array (the tools themselves, or the three bridge tools
 *   plus pinned ones), with upstream annotations, and tool_search / tool_describe marked read-only;
 * - `tools/call` runs the core session's call. Upstream results pass through untouched (also `isError`
 *   ones) unless over `limits.max_result_tokens`, which cuts them (boundCallToolResult); the core's
 *   refusals and the model's mistakes become `isError` results with the core's text;
 * - prompts and resources of the upstreams pass through (prompt names made per server like tool names,
 *   resource URIs as they are);
 * - when a catalog change alters what this client sees, it is sent `notifications/tools/list_changed`,
 *   and the upstreams' prompt and resource changes are announced likewise, once the client has
 *   initialized.
 */
export async function connectGatewayServer(
  gateway: Gateway,
  transport: Transport,
  sessionId?: string,
  options: GatewayConnectionOptions = {},
): Promise<GatewayConnection> {
  const session = gateway.createSession(sessionId, options.client === undefined ? {} : { client: options.client });
  const server = new Server(
    { ...GATEWAY_SERVER_INFO },
    { capabilities: { tools: { listChanged: true }, prompts: { listChanged: true }, resources: { subscribe: true, listChanged: true } } },
  );
  let shown: string | undefined;

  const assembledTools = (): McpWireTool[] => {
    const assembly = session.assemble();
    const tools = mcpToolsOf(assembly);
    gateway.recordToolList(session.sessionId, assembly, options.client);
    shown = JSON.stringify(tools);
    return tools as McpWireTool[];
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => {
    // The first connections are waited for (at most the startup wait). A re-read that a list_changed
    // started is not: a server that never answers would hold every client's list. The last known list
    // is sent, and a client whose list then changes gets notifications/tools/list_changed.
    await gateway.ready();
    return { tools: assembledTools() };
  });

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    await gateway.ready();
    // A call read from a large body has been checked and parsed in a turn of its own; its arguments'
    // checks get another, so that other clients' requests are served in between (read-request-json.ts).
    if (largeRequestBody.getStore() === true) await nextTurn();
    const progressToken = request.params._meta?.progressToken;
    const canElicit = server.getClientCapabilities()?.elicitation !== undefined;
    // Progress is relayed in order and before the result: a client drops progress for a finished request.
    let relayed: Promise<void> = Promise.resolve();
    const context: GatewayRequest = {
      ...(progressToken === undefined
        ? {}
        : {
            onProgress: (progress) => {
              relayed = relayed
                .then(() => extra.sendNotification({ method: 'notifications/progress', params: { ...progress, progressToken } }))
                .catch(() => undefined);
            },
          }),
      ...(canElicit ? { elicit: (params) => extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema) } : {}),
    };
    const outcome = await gateway.call(session, request.params.name, request.params.arguments ?? {}, context, extra.signal);
    await relayed;
    return toCallToolResult(request.params.name, outcome, context, gateway.config.limits.maxResultTokens, gateway.redact);
  });

  // Prompts and resources pass through from the upstreams (proxy-prompts.ts, proxy-resources.ts).
  server.setRequestHandler(ListPromptsRequestSchema, async (_request, extra) => {
    await gateway.ready();
    const prompts = await listUpstreamPrompts(gateway.upstreams(), extra.signal);
    return { prompts: prompts.map((entry) => ({ ...entry.prompt, name: entry.name })) };
  });
  server.setRequestHandler(GetPromptRequestSchema, async (request, extra) => {
    await gateway.ready();
    return getUpstreamPrompt(gateway.upstreams(), request.params.name, request.params.arguments, extra.signal);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async (_request, extra) => {
    await gateway.ready();
    return { resources: (await listUpstreamResources(gateway.upstreams(), extra.signal)).map(({ entry }) => entry) };
  });
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async (_request, extra) => {
    await gateway.ready();
    return { resourceTemplates: (await listUpstreamResourceTemplates(gateway.upstreams(), extra.signal)).map(({ entry }) => entry) };
  });
  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    await gateway.ready();
    return readUpstreamResource(gateway.upstreams(), request.params.uri, extra.signal);
  });
  server.setRequestHandler(SubscribeRequestSchema, async (request, extra) => {
    await gateway.ready();
    await gateway.subscriptions.subscribe(session.sessionId, request.params.uri, extra.signal);
    return {};
  });
  server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    await gateway.subscriptions.unsubscribe(session.sessionId, request.params.uri);
    return {};
  });
  const unsubscribeUpdates = gateway.onResourceUpdated((uri) => {
    if (gateway.subscriptions.follows(session.sessionId, uri)) void server.sendResourceUpdated({ uri }).catch(() => undefined);
  });

  const unsubscribe = gateway.onToolsChanged(() => {
    if (shown === undefined) return;
    const now = JSON.stringify(mcpToolsOf(session.assemble()));
    if (now === shown) return;
    shown = now;
    void server.sendToolListChanged().catch(() => undefined);
  });
  // MCP lets a server notify a client only once it said `initialized`; before that its lists are
  // unread anyway, and on stdio an early line reaches a client that has not started.
  let initialized = false;
  server.oninitialized = () => {
    initialized = true;
  };
  const unsubscribeLists = gateway.onListsChanged((kind) => {
    if (!initialized) return;
    const sent = kind === 'prompts' ? server.sendPromptListChanged() : server.sendResourceListChanged();
    void sent.catch(() => undefined);
  });
  const stopFollowing = (): void => {
    unsubscribe();
    unsubscribeLists();
    unsubscribeUpdates();
    void gateway.subscriptions.dropClient(session.sessionId);
  };
  server.onclose = stopFollowing;
  await server.connect(redactingTransport(transport, gateway.redact));
  return {
    server,
    sessionId: session.sessionId,
    close: async () => {
      stopFollowing();
      await server.close();
    },
  };
}

/**
 * The transport with every outgoing message redacted (results, errors, notifications alike), so no
 * secret of the config and no token-shaped string reaches the client, whatever produced the message. A
 * message that cannot be serialized for checking is replaced by an error response, failing closed.
 */
function redactingTransport(transport: Transport, redact: Redactor): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const withheld =
      'id' in message
        ? ({
            jsonrpc: '2.0',
            id: message.id,
            error: { code: -32603, message: 'The result could not be checked for secrets, so it was withheld.' },
          } as JSONRPCMessage)
        : undefined;
    const checked = redactJson<JSONRPCMessage | undefined>(message, redact, withheld);
    // A notification that cannot be checked is dropped: nothing waits for it.
    return checked === undefined ? Promise.resolve() : send(checked, options);
  };
  return transport;
}

/** The MCP result for a core outcome (see {@link connectGatewayServer}), within `maxResultTokens` (see boundCallToolResult). */
export function toCallToolResult(
  name: string,
  outcome: CallOutcome,
  request: GatewayRequest,
  maxResultTokens: number = DEFAULT_MAX_RESULT_TOKENS,
  redact?: Redactor,
): CallToolResult {
  return shownCallToolResult(unboundedResultOf(name, outcome, request), maxResultTokens, redact);
}

function unboundedResultOf(name: string, outcome: CallOutcome, request: GatewayRequest): CallToolResult {
  if (!outcome.ok) {
    if (request.upstreamError !== undefined) return request.upstreamError;
    return { content: [{ type: 'text', text: outcomeText(outcome) }], isError: true };
  }
  if (name === TOOL_SEARCH || name === TOOL_DESCRIBE || !isCallToolResult(outcome.value)) {
    return { content: [{ type: 'text', text: outcomeText(outcome) }] };
  }
  return outcome.value;
}

function isCallToolResult(value: unknown): value is CallToolResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as { content?: unknown }).content);
}

const CATALOG_READ_ANNOTATIONS: ToolAnnotations = Object.freeze({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});

/**
 * The assembled array in the MCP shape, each visible tool with its upstream annotations (the model's
 * array itself carries none: annotations are for the client, for approval and display).
 */
function mcpToolsOf(assembly: AssemblyResult): McpTool[] {
  const annotations = new Map<string, ToolAnnotations>(
    assembly.visible.flatMap((tool) => (tool.annotations === undefined ? [] : [[tool.name, tool.annotations] as const])),
  );
  // Searching and describing only read the catalog; tool_call is as safe as the tool it runs, so it has none.
  for (const name of [TOOL_SEARCH, TOOL_DESCRIBE]) annotations.set(name, CATALOG_READ_ANNOTATIONS);
  return assembly.tools.map((tool) => {
    const toolAnnotations = annotations.get(tool.name);
    return toMcpTool(toolAnnotations === undefined ? tool : { ...tool, annotations: toolAnnotations });
  });
}
