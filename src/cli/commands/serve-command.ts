import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { connectGatewayServer } from '../../gateway/connect-gateway-server.ts';
import { boundStdioMessages } from '../../gateway/bound-incoming-message.ts';
import { createGateway, type Gateway } from '../../gateway/create-gateway.ts';
import { resolveGatewayConfig, type GatewayConfig } from '../../gateway/gateway-config.ts';
import type { HttpClientToken } from '../../gateway/http-config.ts';
import { SEMANTIC_RETIRED } from '../../config/agent-config.ts';
import { GATEWAY_HTTP_HOST, serveHttp } from '../../gateway/serve-http.ts';
import { createTemporaryFolder, type TemporaryFolder } from '../../gateway/temporary-folder.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import type { Command } from '../command.ts';
import type { CommandOutput } from '../output.ts';
import { listOption, parseCommandLine, portOption } from '../parse-command-line.ts';
import { readConfigDocument } from '../read-input-files.ts';
import { HTTP_TOKEN_VARIABLE, resolveHttpAccess, type HttpAccess } from '../resolve-http-access.ts';
import { UsageError } from '../usage-error.ts';
import { liveViewInvitation, liveViewNextInvitation } from '../live-view-invitation.ts';
import { serveLiveView } from '../../gateway/live-view/serve-live-view.ts';
import { countOf, formatCount } from '../../text/count-of.ts';
import { onStopSignal } from '../stop-on-signals.ts';

/** `the token from TOOL_SEARCH_HTTP_TOKEN`, `their own token from http.clients (ada, bob)`, or both: what serve tells its clients to send. */
function whoseTokens(source: string | undefined, clients: readonly HttpClientToken[]): string {
  const named = clients.length === 0 ? undefined : `their own token from http.clients (${clients.map((client) => client.name).join(', ')})`;
  const shared = source === undefined ? undefined : `the token from ${source}`;
  return [shared, named].filter((part) => part !== undefined).join(', or ');
}
import { openClusterStore, type ClusterStore } from '../../gateway/cluster/open-cluster-store.ts';
import { shareLearnedRequests, type SharedLearnedRequests } from '../../gateway/cluster/shared-learning.ts';
import type { LearnedRequestStore } from '../../requests/learned-requests.ts';

/** The gateway config that ships with the project: reference MCP servers from node_modules. */
export const DEFAULT_GATEWAY_CONFIG_PATH = fileURLToPath(new URL('../../../config/default-gateway.yaml', import.meta.url));

const USAGE = `Usage: tool-search serve [--config FILE] [--http PORT [--allow-unauthenticated] | --ui PORT] [--toolsets a,b]
                         [--workspace-folder DIR]

Runs an MCP server that connects to the MCP servers in the config and shows its client the tool array
Tool Search assembles (the tools, or tool_search / tool_describe / tool_call in their place).
  --config FILE     YAML or JSON: mcp_servers (or Claude Desktop's mcpServers), tools.tool_search,
                    model.context_length, pin, policy, activity_log, timeouts, search (docs/requests.md;
                    search.embeddings: rank by meaning too, with your own embedding endpoint),
                    cluster (with --http: instances sharing sessions through Redis, docs/deploying.md)
                    (default: the shipped demo config, ${DEFAULT_GATEWAY_CONFIG_PATH})
  --http PORT       serve Streamable HTTP on http://127.0.0.1:PORT/mcp (0 picks a free port)
                    instead of stdio; clients must send 'Authorization: Bearer <token>', the token
                    from $${HTTP_TOKEN_VARIABLE} or http.token in the config, or each client's own
                    from http.clients (16 characters or more; also http.allowed_origins,
                    http.max_sessions (default 100), http.idle_session_ms (default 30 minutes))
                    The live view (servers, what the model sees, live activity) is at / on that port;
                    a browser signs in with a one-time code printed to stderr (never the token)
  --ui PORT         over stdio: also serve the live view on http://127.0.0.1:PORT/ (0 picks a free
                    port); a browser signs in with a one-time code printed to stderr
  --allow-unauthenticated
                    with --http and no token: serve without one (any local process can use it)
  --toolsets a,b    limit clients to these servers (mcp-<server> or <server>)
  --workspace-folder DIR
                    what \${workspaceFolder} in the config stands for (VS Code's mcp.json); default: the
                    folder above .vscode when the config is in one, else the config's folder
With stdio, stdout carries only the protocol; logs go to stderr.
`;

/** A gateway config read from a file, with its `${tempDir}` folder (remove it when done). */
export interface LoadedGatewayConfig {
  readonly path: string;
  readonly config: GatewayConfig;
  readonly temporaryFolder: TemporaryFolder;
}

/**
 * Reads and resolves a gateway config file, printing its warnings; throws UsageError/ToolSearchError.
 * `workspaceFolder` (`--workspace-folder`, relative to the working folder) is what `${workspaceFolder}`
 * stands for; without it, the folder above `.vscode` for VS Code's own file, else the config's folder.
 */
export function loadGatewayConfig(path: string | undefined, output: CommandOutput, workspaceFolder?: string): LoadedGatewayConfig {
  const absolute = resolve(path ?? DEFAULT_GATEWAY_CONFIG_PATH);
  const workspace = workspaceFolder === undefined ? undefined : resolve(workspaceFolder);
  if (workspace !== undefined && statSync(workspace, { throwIfNoEntry: false })?.isDirectory() !== true) {
    throw new UsageError(`--workspace-folder ${workspaceFolder}: no such folder; give the folder \${workspaceFolder} stands for`);
  }
  const temporaryFolder = createTemporaryFolder();
  const document = readConfigDocument(absolute);
  let resolved: ReturnType<typeof resolveGatewayConfig>;
  try {
    resolved = resolveGatewayConfig(document, {
      configDir: dirname(absolute),
      tempDir: temporaryFolder.path,
      env: process.env,
      ...(workspace === undefined ? {} : { workspaceFolder: workspace }),
    });
  } catch (error) {
    temporaryFolder.remove();
    if (error instanceof ToolSearchError) throw new UsageError(`config file '${absolute}': ${error.message}`);
    throw error;
  }
  const { config, warnings } = resolved;
  for (const warning of warnings) output.stderr(`warning: ${warning.message}\n`);
  return { path: absolute, config, temporaryFolder };
}

export const serveCommand: Command = {
  name: 'serve',
  usage: USAGE,
  async run(argv, output) {
    const { values } = parseCommandLine('serve', argv, {
      config: { type: 'string' },
      http: { type: 'string' },
      'allow-unauthenticated': { type: 'boolean' },
      toolsets: { type: 'string' },
      semantic: { type: 'boolean' },
      ui: { type: 'string' },
      'workspace-folder': { type: 'string' },
    });
    // Recognized, so that its message says what to use instead of an unknown option's did-you-mean.
    if (values['semantic'] === true) throw new UsageError(`--semantic was removed: ${SEMANTIC_RETIRED}`);
    const port = portOption(values['http'], '--http');
    const allowUnauthenticated = values['allow-unauthenticated'] === true;
    const uiPort = portOption(values['ui'], '--ui');
    if (uiPort !== undefined && port !== undefined)
      throw new UsageError('--ui PORT is for a stdio gateway; with --http PORT the page is served at / on that port');
    if (allowUnauthenticated && port === undefined)
      throw new UsageError('--allow-unauthenticated applies only to --http PORT; over stdio there is nothing to authenticate');
    const toolsets = listOption(values['toolsets']);
    const workspaceFolder = typeof values['workspace-folder'] === 'string' ? values['workspace-folder'] : undefined;
    const loaded = loadGatewayConfig(typeof values['config'] === 'string' ? values['config'] : undefined, output, workspaceFolder);
    const log = (line: string): void => output.stderr(`tool-search serve: ${line}\n`);
    const httpConfig = loaded.config.http;
    let access: HttpAccess | undefined;
    try {
      // Decided before any upstream starts, so a missing token stops serve with nothing to clean up.
      access =
        port === undefined
          ? undefined
          : resolveHttpAccess({
              environmentToken: process.env[HTTP_TOKEN_VARIABLE],
              configToken: httpConfig.token,
              clients: httpConfig.clients,
              configPath: loaded.path,
              allowUnauthenticated,
              bindHost: GATEWAY_HTTP_HOST,
            });
    } catch (error) {
      loaded.temporaryFolder.remove();
      throw error;
    }
    // The shared store (serve --http with a cluster block) is opened before any upstream starts, so a
    // missing Redis client stops serve with nothing to clean up. It does not wait for Redis to answer.
    const clusterConfig = port === undefined ? undefined : loaded.config.cluster;
    let cluster: ClusterStore | undefined;
    let sharedLearning: SharedLearnedRequests | undefined;
    if (clusterConfig !== undefined) {
      try {
        cluster = await openClusterStore(clusterConfig, { log });
      } catch (error) {
        loaded.temporaryFolder.remove();
        if (error instanceof ToolSearchError) throw new UsageError(error.message);
        throw error;
      }
      log(
        `cluster '${clusterConfig.name}': instance '${cluster.instance}', sharing sessions, streams, the session cap, activity and what search learns through ${clusterConfig.displayUrl}`,
      );
    }
    let gateway: Gateway;
    try {
      const store = cluster;
      gateway = createGateway({
        config: loaded.config,
        ...(toolsets === undefined ? {} : { toolsets }),
        ...(store === undefined
          ? {}
          : { learnedRequests: (local: LearnedRequestStore) => (sharedLearning = shareLearnedRequests(store, local)) }),
        log,
      });
    } catch (error) {
      await cluster?.close();
      loaded.temporaryFolder.remove();
      throw error;
    }
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let stopping = false;
    const stopServing: Array<() => Promise<void>> = [];
    const shutdown = async (): Promise<void> => {
      if (stopping) return;
      stopping = true;
      for (const stop of stopServing) await stop().catch(() => undefined);
      await gateway.close();
      sharedLearning?.close();
      await cluster?.close();
      loaded.temporaryFolder.remove();
      finish();
    };
    // The page's address, once it listens: each new sign-in code is printed with it.
    let pageUrl: URL | undefined;
    const onSignedIn = (code: string): void => {
      if (pageUrl !== undefined) log(liveViewNextInvitation(pageUrl, code));
    };
    if (port === undefined) {
      if (loaded.config.cluster !== undefined)
        log('warning: cluster: applies to serve --http only; over stdio this process serves its one client alone');
      if (uiPort !== undefined) {
        const page = await serveLiveView(gateway, uiPort, { allowedOrigins: httpConfig.allowedOrigins, onSignedIn }).catch(
          async (error: unknown) => {
            await gateway.close();
            loaded.temporaryFolder.remove();
            throw listenFailure(`--ui ${uiPort}`, error);
          },
        );
        stopServing.push(() => page.close());
        pageUrl = page.url;
        // stderr, never stdout: stdout is the MCP channel.
        log(liveViewInvitation(page.url, page.view.signInCode()));
      }
      // Messages too large, deep or many-valued are answered with a refusal before the SDK parses them.
      const input = boundStdioMessages(
        (refusal) => void transport.send({ ...refusal, error: { ...refusal.error } }).catch(() => undefined),
      );
      const transport = new StdioServerTransport(process.stdin.pipe(input), process.stdout);
      gateway.start();
      // One client per process: a fresh id per start tells runs apart in the activity log.
      const connection = await connectGatewayServer(gateway, transport, `stdio-${randomUUID().slice(0, 8)}`);
      stopServing.push(() => connection.close());
      // The pipe keeps stdin flowing after the transport closes; without this the process never exits.
      stopServing.push(async () => {
        process.stdin.unpipe(input);
        process.stdin.pause();
        input.destroy();
      });
      process.stdin.once('end', () => void shutdown());
      process.stdin.once('close', () => void shutdown());
      log(`serving MCP over stdio with ${countOf(loaded.config.servers.length, 'upstream server')} from ${loaded.path}`);
    } else {
      const http = await serveHttp(gateway, port, {
        ...(cluster === undefined ? {} : { cluster }),
        ...(access === undefined || 'allowUnauthenticated' in access
          ? { allowUnauthenticated: true }
          : { token: access.token, clients: access.clients }),
        allowedOrigins: httpConfig.allowedOrigins,
        maxSessions: httpConfig.maxSessions,
        idleSessionMs: httpConfig.idleSessionMs,
        liveView: { onSignedIn },
        log,
      }).catch(async (error: unknown) => {
        sharedLearning?.close();
        await cluster?.close();
        await gateway.close();
        loaded.temporaryFolder.remove();
        throw listenFailure(`--http ${port}`, error);
      });
      // Upstreams start once the port is ours, so a busy port starts no servers.
      gateway.start();
      stopServing.push(() => http.close());
      if (http.liveViewUrl !== undefined && http.liveView !== undefined) {
        pageUrl = http.liveViewUrl;
        log(liveViewInvitation(http.liveViewUrl, http.liveView.signInCode()));
      }
      log(
        `serving MCP over Streamable HTTP at ${http.url.href} with ${countOf(loaded.config.servers.length, 'upstream server')} from ${loaded.path}`,
      );
      log(
        access !== undefined && 'clients' in access
          ? `clients must send 'Authorization: Bearer <token>' with ${whoseTokens(access.source, access.clients)}; at most ${httpConfig.maxSessions} sessions`
          : `WITHOUT authentication (--allow-unauthenticated): any process on this machine can use the gateway; at most ${httpConfig.maxSessions} sessions`,
      );
    }
    void gateway.ready().then(() => {
      if (stopping) return;
      const statuses = gateway.statuses();
      const connected = statuses.filter((status) => status.state === 'connected').length;
      const assembled = gateway.createSession('startup-summary').assemble();
      log(
        `ready: ${connected} of ${countOf(statuses.length, 'server')} connected, ${countOf(gateway.tools().length, 'tool')}; ` +
          `Tool Search is ${assembled.active ? 'active' : 'not active'}, so clients see ${countOf(assembled.tools.length, 'tool')} ` +
          `(${countOf(assembled.tokensAfter, 'schema token')} instead of ${formatCount(assembled.tokensBefore)})`,
      );
      for (const warning of [...assembled.warnings, ...gateway.policyWarnings()]) log(`warning: ${warning}`);
    });
    // The upstream servers run in process groups of their own, out of reach of a terminal's signals:
    // stopping the gateway stops them (stdin closed, then SIGTERM, then SIGKILL to each group).
    const removeSignalHandlers = onStopSignal(() => void shutdown());
    await finished;
    removeSignalHandlers();
    return 0;
  },
};

/**
 * What to throw when listening on the port `flag` names failed: a usage error saying what to do for a
 * port in use or not allowed, else the error as it is.
 */
function listenFailure(flag: string, error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  if (code === 'EADDRINUSE') return new UsageError(`${flag}: that port on 127.0.0.1 is already in use; pick another, or 0 for a free one`);
  if (code === 'EACCES') return new UsageError(`${flag}: not allowed to listen on that port; pick one above 1023, or 0 for a free one`);
  return error;
}
