import { AsyncLocalStorage } from 'node:async_hooks';
import { isBridgeToolName, TOOL_CALL, TOOL_DESCRIBE } from '../bridge/bridge-tool-names.ts';
import { clipEchoedName } from '../bridge/clip-echoed-name.ts';
import type { SemanticRanker } from '../catalog/meaning/semantic-ranker.ts';
import type { CallOutcome } from '../dispatch/call-outcome.ts';
import type { ActivityEvent } from '../dispatch/hooks.ts';
import type { AssemblyResult } from '../assembly/assemble-tools.ts';
import { failure } from '../dispatch/call-outcome.ts';
import type { McpToolRename } from '../integrations/mcp-client/index.ts';
import { buildSessionScope } from '../bridge/session-scope.ts';
import { createToolSearchSession, type ToolSearchSession } from '../session/tool-search-session.ts';
import type { Tool } from '../tools/tool.ts';
import { createDenyGuardrail } from './create-deny-guardrail.ts';
import { createElicitationApprover } from './create-elicitation-approver.ts';
import { createGatewayCatalog } from './create-gateway-catalog.ts';
import { createUpstream, type Upstream, type UpstreamListKind, type UpstreamStatus } from './create-upstream.ts';
import type { GatewayConfig } from './gateway-config.ts';
import { createListeners } from './listeners.ts';
import { createResourceSubscriptions, type ResourceSubscriptions } from './resource-subscriptions.ts';
import type { GatewayRequest } from './gateway-request.ts';
import { SYSTEM_TIMERS, type GatewayTimers } from './gateway-timers.ts';
import { openActivityLog, type ActivityLog, type ActivityLogStatus } from './open-activity-log.ts';
import { DEFAULT_RESTART_BACKOFF, type RestartBackoff } from './restart-delay.ts';
import { warmInBackground } from './warm-in-background.ts';
import { createEmbeddingsRanker } from './create-embeddings-ranker.ts';
import { defaultRequestCacheDirectory } from '../request-pack/state-folders.ts';
import { createActivityFeed } from './activity-feed.ts';
import { createToolCallTracing, loadOpenTelemetryTracer, type ToolCallTracing, type TraceTracer } from './trace-tool-calls.ts';
import { createAjvValidator } from '../integrations/ajv/index.ts';
import { createRedactor, type Redactor } from './redact-secrets.ts';
import { createToolPolicy, describeUnmatched, mayMatchServersDown, type ToolPolicy } from './tool-policy.ts';
import { resolveToolsetNames, unknownToolsetsWarning } from '../tools/resolve-toolset-names.ts';
import { createGatewayRequestSources, type GatewayRequestSources } from './create-gateway-request-sources.ts';
import { createProcessGroups } from './process-groups.ts';
import type { LearnedRequestStore } from '../requests/learned-requests.ts';

export interface GatewayOptions {
  readonly config: GatewayConfig;
  /** Limits every client session to these toolsets (`mcp-<server>`, or just `<server>`). @default all */
  readonly toolsets?: readonly string[];
  /** The gateway's log, one line at a time (stderr when serving). @default ignore */
  readonly log?: (line: string) => void;
  /** @default DEFAULT_RESTART_BACKOFF */
  readonly backoff?: RestartBackoff;
  /**
   * How long the first `tools/list` waits for upstreams still connecting at start; a server that takes
   * longer joins later with `notifications/tools/list_changed`. @default the config's connect timeout
   */
  readonly startupWaitMs?: number;
  readonly timers?: GatewayTimers;
  /**
   * Ranks tool_search results by meaning too, in place of the config's `search.embeddings` (for
   * example `createSemanticRanker(embedder, options)` over an embedder of your own). One ranker serves
   * every client session, so a tool is embedded once for all of them; the gateway warms it in the
   * background whenever the upstream tools change. Absent, and no `search.embeddings`: words alone.
   */
  readonly semantic?: SemanticRanker;
  /**
   * Where a span per tool_search, tool_describe and call goes (trace-tool-calls.ts: GenAI
   * `execute_tool` spans), or false for none. @default the tracer of `@opentelemetry/api` when that
   * optional package is installed (looked up in the background at creation), else none
   */
  readonly tracer?: TraceTracer | false;
  /** Where learned requests are kept (`search.learn`). @default $TOOL_SEARCH_STATE_DIR, else $XDG_STATE_HOME/tool-search, else ~/.local/state/tool-search */
  readonly stateDirectory?: string;
  /**
   * Where the user's model's requests (`search.expand`) and the endpoint's tool vectors
   * (`search.embeddings`) are kept. @default $TOOL_SEARCH_CACHE_DIR, else $XDG_CACHE_HOME/tool-search, else ~/.cache/tool-search
   */
  readonly cacheDirectory?: string;
  /**
   * Wraps the store of what search learns from use, when `search.learn` is on: a cluster shares it
   * with the other instances (cluster/shared-learning.ts). @default the learned-request file as it is
   */
  readonly learnedRequests?: (local: LearnedRequestStore) => LearnedRequestStore;
}

/** How a session is created. */
export interface GatewaySessionOptions {
  /**
   * Whether its activity reaches the activity log, the activity feed and traces. False for a session
   * that is not a model's (the live view's search box). @default true
   */
  readonly observed?: boolean;
  /** The named client (`http.clients`) the session belongs to: its activity events carry the name. @default none */
  readonly client?: string;
}

/** An activity event of an observed session, with the named client it belongs to, if any. */
export type ObservedActivity = ActivityEvent & { readonly client?: string };

/** The gateway without its MCP face: upstreams, the live catalog and per-client core sessions. */
export interface Gateway {
  readonly config: GatewayConfig;
  /** The toolsets client sessions are limited to; undefined for all. */
  readonly toolsets: readonly string[] | undefined;
  /** The user's pin, deny and approval patterns, matched as {@link createToolPolicy} says. */
  readonly policy: ToolPolicy;
  /**
   * Removes the config's secrets and token-shaped strings from text bound for the model, a client, the
   * log or the activity log (see redact-secrets.ts).
   */
  readonly redact: Redactor;
  /**
   * One line per `pin` / `policy` pattern that matches none of the tools of the servers connected now
   * (with a did-you-mean): worth a warning once the servers are up. A pattern that may match a tool of
   * a server not connected now (one it names, or any server for a pattern naming none) is left out
   * until that server is up: its tools are unknown, so "matches none" would be false.
   */
  policyWarnings(): string[];
  /** Carries the MCP request being served through the core pipeline (see {@link GatewayRequest}). */
  readonly requests: AsyncLocalStorage<GatewayRequest>;
  /** Where tools' requests come from (the config's `search`): which pack entry each server matched, counts per tool. */
  readonly requestSources: GatewayRequestSources;
  /** Starts connecting to every upstream (idempotent). */
  start(): void;
  /** Resolves when every upstream's first attempt settled, or the startup wait ran out. */
  ready(): Promise<void>;
  /**
   * Resolves when the upstreams' tool lists are settled: no re-read after a `tools/list_changed` is
   * still under way (waiting at most the connect timeout for a server that does not answer).
   */
  settled(): Promise<void>;
  statuses(): readonly UpstreamStatus[];
  /** Per upstream, in config order: its status once its first connection attempt has settled. */
  firstAttempts(): ReadonlyArray<Promise<UpstreamStatus>>;
  tools(): readonly Tool[];
  renames(): readonly McpToolRename[];
  /** The upstreams client sessions may use (all, or those of `toolsets`), in config order. */
  upstreams(): readonly Upstream[];
  /** A core session for one MCP client: same catalog, its own id, policy and activity hooks attached. */
  createSession(sessionId?: string, options?: GatewaySessionOptions): ToolSearchSession;
  /**
   * Subscribes to the activity of every observed session (searches, describes, calls, refusals), as the
   * activity log gets it, unredacted; returns the unsubscribe. Costs calls nothing while nobody listens.
   */
  onActivity(listener: (event: ObservedActivity) => void): () => void;
  /** How many listeners follow the activity now (a served live view is one, whether or not a page is open). */
  activitySubscriberCount(): number;
  /** Whether the activity log (`activity_log`) is being written; undefined when the config has none. */
  activityLogStatus(): ActivityLogStatus | undefined;
  /** Writes the tool list a client session was sent to the activity log (see ToolListLogEntry), naming its client if it has one. */
  recordToolList(sessionId: string, assembly: AssemblyResult, client?: string): void;
  /**
   * Runs one call of a client session inside `request`, and explains an unknown name that belongs to
   * a server that is down.
   */
  call(
    session: ToolSearchSession,
    name: string,
    rawArguments: unknown,
    request: GatewayRequest,
    signal?: AbortSignal,
  ): Promise<CallOutcome>;
  /** Subscribes to catalog changes (after each rebuild that changed the tools); returns the unsubscribe. */
  onToolsChanged(listener: () => void): () => void;
  /** Subscribes to changes of the upstreams' prompts or resources (see UpstreamOptions.onListChanged). */
  onListsChanged(listener: (kind: UpstreamListKind) => void): () => void;
  /** Which clients follow which upstream resources (resources/subscribe). */
  readonly subscriptions: ResourceSubscriptions;
  /** Subscribes to `notifications/resources/updated` from the upstreams; returns the unsubscribe. */
  onResourceUpdated(listener: (uri: string) => void): () => void;
  /**
   * Stops every upstream and closes the activity log. A local server's whole process group is ended
   * (stdin closed, then SIGTERM, then SIGKILL, 2 s apart at most): call it before the process exits,
   * on SIGINT and SIGTERM too, since servers in groups of their own do not get a terminal's signals.
   * (Groups still running when the process exits get SIGTERM from an `exit` handler, the last resort.)
   */
  close(): Promise<void>;
}

/**
 * Creates the gateway over a resolved config. Opening the activity log happens here, so a bad path is
 * a setup error before anything starts. Every call from every client goes through a core
 * `createToolSearchSession`: deny is a guardrail, approval the `approve` hook, the log `onActivity`.
 */
export function createGateway(options: GatewayOptions): Gateway {
  const { config } = options;
  const redact = createRedactor(config.secrets);
  // Upstream stderr and errors reach the log: the operator's, but still no place for a secret.
  const log = (
    (write) => (line: string) =>
      write(redact(line))
  )(options.log ?? (() => undefined));
  const timers = options.timers ?? SYSTEM_TIMERS;
  const requests = new AsyncLocalStorage<GatewayRequest>();
  const toolListeners = createListeners();
  const listListeners = createListeners<UpstreamListKind>();
  const updateListeners = createListeners<string>();
  const activityLog: ActivityLog | undefined =
    config.activityLog === undefined ? undefined : openActivityLog(config.activityLog, log, redact);
  const feed = createActivityFeed();
  let tracing: ToolCallTracing | undefined = options.tracer ? createToolCallTracing(options.tracer, redact) : undefined;
  if (options.tracer === undefined) {
    void loadOpenTelemetryTracer().then((tracer) => {
      if (tracer !== undefined) tracing = createToolCallTracing(tracer, redact);
    });
  }
  /** Every activity event of an observed session: the log, the trace of the call it belongs to, the feed. */
  const observe = (event: ObservedActivity): void => {
    activityLog?.record(event);
    tracing?.observe(event);
    feed.publish(event);
    requestSources.observe(event, (name) => registry().find((tool) => tool.name === name));
  };
  const serverToolsets = config.servers.map((server) => `mcp-${server.name}`);
  const resolvedToolsets = options.toolsets === undefined ? undefined : resolveToolsetNames(options.toolsets, serverToolsets);
  const toolsets = resolvedToolsets?.toolsets;
  if (resolvedToolsets !== undefined && resolvedToolsets.unknown.length > 0) {
    log(`warning: ${unknownToolsetsWarning(resolvedToolsets.unknown, serverToolsets, 'the config')}`);
  }

  /** Whether clients may use the server of this name (all may, without --toolsets). */
  const inScope = (server: string): boolean => toolsets === undefined || toolsets.includes(`mcp-${server}`);

  // `search.embeddings`: the user's endpoint, unless the caller gave a ranker of its own.
  const embeddings =
    options.semantic === undefined && config.search.embeddings !== undefined
      ? createEmbeddingsRanker(config.search.embeddings, options.cacheDirectory ?? defaultRequestCacheDirectory(), log)
      : undefined;
  if (embeddings !== undefined) {
    const { displayUrl, model } = config.search.embeddings!;
    log(
      `tool_search ranks by meaning too, with search.embeddings (${displayUrl}, model ${model}); tool vectors kept in ${embeddings.file}`,
    );
  }
  const semantic = options.semantic ?? embeddings?.ranker;
  const warm = semantic === undefined ? undefined : warmInBackground(semantic, log);
  /** The tools client sessions search: their catalog, by the sessions' own rule (in scope, deferrable, not pinned). */
  const searchable = (): readonly Tool[] =>
    buildSessionScope({ registry: registry(), toolsets, config: config.toolSearch, isPinned, isHidden }).catalog;

  const reportedRenames = new Set<string>();
  const onUpstreamChange = (): void => {
    if (!catalog.rebuild()) return;
    warm?.(searchable());
    // The user's model starts writing for new tools now, in the background, rather than at the next read.
    if (config.search.expand !== undefined) registry();
    for (const rename of catalog.renames()) {
      const key = `${rename.server}\u0000${rename.tool}\u0000${rename.name}`;
      if (reportedRenames.has(key)) continue;
      reportedRenames.add(key);
      log(`[${rename.server}] tool '${clipEchoedName(rename.tool)}' is shown as '${rename.name}' (${rename.reason})`);
    }
    toolListeners.notify();
  };
  // Local servers run in process groups of their own; any still running when the process exits are ended.
  const processGroups = createProcessGroups();
  const upstreams: Upstream[] = config.servers.map((server) =>
    createUpstream(server, {
      connectTimeoutMs: config.connectTimeoutMs,
      connectMaxMs: config.connectMaxMs,
      processGroups,
      largeAnswers: { maxResultTokens: config.limits.maxResultTokens, secrets: config.secrets },
      backoff: options.backoff ?? DEFAULT_RESTART_BACKOFF,
      timers,
      log,
      onChange: onUpstreamChange,
      redact,
      onListChanged: (kind) => {
        if (!inScope(server.name)) return;
        listListeners.notify(kind);
      },
      onResourceUpdated: (uri) => {
        if (!inScope(server.name)) return;
        updateListeners.notify(uri);
      },
    }),
  );
  const catalog = createGatewayCatalog(upstreams, requests);
  const inScopeUpstreams = (): Upstream[] => upstreams.filter((upstream) => inScope(upstream.name));
  const subscriptions = createResourceSubscriptions(inScopeUpstreams);
  const policy = createToolPolicy(config);
  const guardrail = createDenyGuardrail(policy);
  const approve = createElicitationApprover(policy, requests);
  // One for every client session: each schema is compiled once, and a bad one is reported once.
  const validateArguments = createAjvValidator({ onWarning: (message) => log(`warning: ${message}`) });
  const isPinned = (tool: Tool): boolean => policy.flags(tool).pinnedBy !== undefined;
  const isHidden = (tool: Tool): boolean => policy.flags(tool).deniedBy !== undefined;
  const requestSources = createGatewayRequestSources({
    config,
    upstreams,
    isHidden,
    redact,
    log,
    ...(options.stateDirectory === undefined ? {} : { stateDirectory: options.stateDirectory }),
    ...(options.cacheDirectory === undefined ? {} : { cacheDirectory: options.cacheDirectory }),
    ...(options.learnedRequests === undefined ? {} : { learnedRequests: options.learnedRequests }),
  });
  /** The catalog's tools with their requests (pack, model, learned) attached: what sessions read. */
  const registry = (): readonly Tool[] => requestSources.attach(catalog.tools());
  let started = false;
  let readiness: Promise<void> | undefined;
  let sessionCounter = 0;

  const explainUnavailable = (name: string): CallOutcome | undefined => {
    // A server that never connected has no known tool names; its prefix still tells whose the name is.
    // The longest prefix wins: `mcp_a_b_x` belongs to server `a_b` before server `a`.
    // A scoped session learns nothing of servers outside its scope, not even that they are down.
    const byPrefix = inScopeUpstreams()
      .filter((candidate) => name.startsWith(toolNamePrefix(candidate.name)))
      .sort((left, right) => right.name.length - left.name.length)[0];
    const server = catalog.serverOf(name) ?? byPrefix?.name;
    const message = inScopeUpstreams()
      .find((candidate) => candidate.name === server)
      ?.unavailableMessage();
    return message === undefined ? undefined : failure('unavailable', `Tool '${clipEchoedName(name)}' cannot be called now. ${message}`);
  };

  return {
    config,
    toolsets,
    policy,
    redact,
    policyWarnings() {
      const tools = catalog.tools();
      const servers = upstreams.map((upstream) => upstream.name);
      const down = upstreams.filter((upstream) => upstream.status().state !== 'connected').map((upstream) => upstream.name);
      return policy
        .unmatched(tools)
        .filter((pattern) => !mayMatchServersDown(pattern.pattern, servers, down))
        .map((pattern) => describeUnmatched(pattern, tools.length));
    },
    requests,
    requestSources,
    start() {
      if (started) return;
      started = true;
      for (const upstream of upstreams) upstream.start();
    },
    ready() {
      readiness ??= new Promise<void>((resolve) => {
        const handle = timers.setTimeout(resolve, options.startupWaitMs ?? config.connectTimeoutMs);
        void Promise.all(upstreams.map((upstream) => upstream.firstAttempt())).then(() => {
          timers.clearTimeout(handle);
          resolve();
        });
      });
      return readiness;
    },
    settled() {
      return new Promise<void>((resolve) => {
        const handle = timers.setTimeout(resolve, config.connectTimeoutMs);
        void Promise.all(upstreams.map((upstream) => upstream.settled())).then(() => {
          timers.clearTimeout(handle);
          resolve();
        });
      });
    },
    statuses: () => upstreams.map((upstream) => upstream.status()),
    firstAttempts: () => upstreams.map((upstream) => upstream.firstAttempt().then(() => upstream.status())),
    tools: registry,
    renames: () => catalog.renames(),
    upstreams: inScopeUpstreams,
    subscriptions,
    onResourceUpdated(listener) {
      return updateListeners.add(listener);
    },
    onActivity(listener) {
      return feed.subscribe(listener);
    },
    activitySubscriberCount: () => feed.subscriberCount(),
    activityLogStatus: () => activityLog?.status(),
    recordToolList(sessionId, assembly, client) {
      activityLog?.write({
        event: 'tools',
        time: new Date().toISOString(),
        session: sessionId,
        ...(client === undefined ? {} : { client }),
        active: assembly.active,
        tools_before: assembly.visible.length + assembly.deferred.length,
        tools_after: assembly.tools.length,
        tokens_before: assembly.tokensBefore,
        tokens_after: assembly.tokensAfter,
      });
    },
    createSession(sessionId, sessionOptions = {}) {
      sessionCounter += 1;
      return createToolSearchSession({
        tools: registry,
        ...(toolsets === undefined ? {} : { toolsets }),
        config: config.toolSearch,
        contextLength: config.contextLength,
        isPinned,
        isHidden,
        ...(semantic === undefined ? {} : { semantic }),
        sessionId: sessionId ?? `session-${sessionCounter}`,
        validateArguments,
        // Results are cut block by block when relayed (toCallToolResult), which keeps images and structure.
        limits: {
          maxResultTokens: Number.POSITIVE_INFINITY,
          maxDescribeTokens: config.limits.maxDescribeTokens,
          describeCeilingTokens: config.limits.maxResultTokens,
        },
        hooks: {
          toolGuardrails: [guardrail],
          approve,
          ...(sessionOptions.observed === false
            ? {}
            : {
                onActivity:
                  sessionOptions.client === undefined
                    ? observe
                    : (event: ActivityEvent) => observe({ ...event, client: sessionOptions.client }),
              }),
        },
      });
    },
    async call(session, name, rawArguments, request, signal) {
      const run = async (): Promise<CallOutcome> => {
        // A tool of a server that is down is not in the catalog: say why, rather than "unknown tool".
        const target = name === TOOL_CALL || name === TOOL_DESCRIBE ? targetName(rawArguments) : isBridgeToolName(name) ? undefined : name;
        const unavailable = target === undefined || catalog.has(target) ? undefined : explainUnavailable(target);
        if (unavailable !== undefined && !unavailable.ok) {
          observe({
            type: 'refused',
            time: new Date().toISOString(),
            sessionId: session.sessionId,
            via: name,
            tool: target!.slice(0, 200),
            code: 'unavailable',
            error: unavailable.error.message,
          });
          return redactOutcome(unavailable, redact);
        }
        const outcome = await requests.run(request, () => session.call(name, rawArguments, signal === undefined ? {} : { signal }));
        return redactOutcome(outcome, redact);
      };
      return tracing === undefined ? run() : tracing.trace(name, run);
    },
    onToolsChanged(listener) {
      return toolListeners.add(listener);
    },
    onListsChanged(listener) {
      return listListeners.add(listener);
    },
    async close() {
      toolListeners.clear();
      listListeners.clear();
      updateListeners.clear();
      feed.clear();
      requestSources.close();
      await Promise.all(upstreams.map((upstream) => upstream.stop()));
      await activityLog?.close();
      await embeddings?.flush();
    },
  };
}

/** The outcome with secrets taken out of its error message (values are redacted where they are sent). */
function redactOutcome(outcome: CallOutcome, redact: Redactor): CallOutcome {
  if (outcome.ok) return outcome;
  const message = redact(outcome.error.message);
  return message === outcome.error.message ? outcome : { ok: false, error: { ...outcome.error, message } };
}

function toolNamePrefix(server: string): string {
  return `mcp_${server}_`.replace(/[^A-Za-z0-9_-]/g, '_');
}

function targetName(rawArguments: unknown): string | undefined {
  let value = rawArguments;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const name = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['name'] : undefined;
  return typeof name === 'string' ? name : undefined;
}
