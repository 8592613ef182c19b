import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type Progress,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { createMcpToolSource, type McpCallToolResult, type McpToolSource } from '../integrations/mcp-client/index.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Tool, ToolArguments } from '../tools/tool.ts';
import { connectUpstreamClient } from './connect-upstream-client.ts';
import type { UpstreamConfig } from './gateway-config.ts';
import type { GatewayTimers } from './gateway-timers.ts';
import { restartDelay, type RestartBackoff } from './restart-delay.ts';
import { stderrReason } from './stderr-reason.ts';
import { countOf } from '../text/count-of.ts';
import { clipEchoedName } from '../bridge/clip-echoed-name.ts';
import { DeadlineExceededError, runWithDeadline } from './run-with-deadline.ts';
import { messageOf } from '../errors/message-of.ts';
import type { Redactor } from './redact-secrets.ts';
import type { ProcessGroups } from './process-groups.ts';
import { StartTimeoutError } from './start-deadline.ts';
import { describeStartTimeout } from './describe-start-timeout.ts';
import { missingSettingsMessage } from './missing-settings.ts';
import type { ToolAnswerLimits } from './shrink-tool-answer.ts';

/** `connecting` (first start or a restart), `connected`, `failed` (a restart is scheduled) or `stopped`. */
export type UpstreamState = 'connecting' | 'connected' | 'failed' | 'stopped';

/** What a person (inspect) or the model (error messages) is told about one upstream. */
export interface UpstreamStatus {
  readonly name: string;
  readonly state: UpstreamState;
  /** Tools the server offers now; 0 unless connected. */
  readonly toolCount: number;
  /** Failures since the last stable connection. */
  readonly failures: number;
  /** The last failure, one line; undefined while healthy. */
  readonly error?: string;
  /** Milliseconds until the scheduled restart, when failed. */
  readonly restartInMs?: number;
}

export interface UpstreamCallOptions {
  readonly signal?: AbortSignal;
  /** Asks the upstream for progress notifications and receives them. */
  readonly onProgress?: (progress: Progress) => void;
}

/** The lists besides tools that an upstream can change. */
export type UpstreamListKind = 'prompts' | 'resources';

/** One supervised upstream MCP server. */
export interface Upstream {
  readonly name: string;
  readonly config: UpstreamConfig;
  status(): UpstreamStatus;
  /** Its tools (named per server by the MCP tool source) while connected; empty otherwise. */
  tools(): readonly Tool[];
  /** Starts the first connection attempt. */
  start(): void;
  /** Resolves once re-reads of its tool list started so far (after `tools/list_changed`) have finished. */
  settled(): Promise<void>;
  /** Why calls cannot reach it now and when it is retried; undefined while connected. */
  unavailableMessage(): string | undefined;
  /** Settles once the first connection attempt has succeeded or failed. */
  firstAttempt(): Promise<void>;
  /**
   * Runs `tools/call` under the server's own tool name, within two limits: `callTimeoutMs` without
   * any word from the server (each progress notification restarts it), and `callMaxMs` in all, which
   * progress cannot extend; either cancels the call at the server. Rejects with a message naming the
   * server and the limit when it is not connected, runs out of time, stops mid-call or answers
   * garbage; never retries (the call may have taken effect).
   */
  call(tool: string, args: ToolArguments, options?: UpstreamCallOptions): Promise<McpCallToolResult>;
  /** What the server said it supports, while connected; undefined otherwise. */
  capabilities(): ServerCapabilities | undefined;
  /** The name (and version) the server announced in `initialize`, while connected; undefined otherwise. */
  serverInfo(): { readonly name: string; readonly version: string } | undefined;
  /**
   * Runs one request other than a tool call (`what` says which, for messages: "list its prompts") on the
   * connected client, within the same limits as a call (`callTimeoutMs`, `callMaxMs`). Rejects with a
   * message naming the server when it is not connected, does not answer in time or refuses.
   */
  request<T>(what: string, run: (client: Client, options: RequestOptions) => Promise<T>, signal?: AbortSignal): Promise<T>;
  /**
   * Subscribes to updates of one of its resources, and keeps the subscription across restarts (each
   * new connection subscribes again). Rejects like {@link request} when the server cannot take it.
   */
  subscribe(uri: string, signal?: AbortSignal): Promise<void>;
  /** Ends a subscription; never rejects (a server that is gone has forgotten it anyway). */
  unsubscribe(uri: string): Promise<void>;
  /** Stops it for good: closes the connection (ending a local process) and cancels restarts. */
  stop(): Promise<void>;
}

export interface UpstreamOptions {
  /**
   * `timeouts.connect_ms`: how long a start may go on without a sign of work from the server's processes
   * (a remote server's: how long it may take), and how long listing its tools may take.
   */
  readonly connectTimeoutMs: number;
  /** `timeouts.connect_max_ms`: how long a start may take in all, however busy. @default connectTimeoutMs */
  readonly connectMaxMs?: number;
  /** Where local servers' process groups are recorded, so that the process's exit ends them. */
  readonly processGroups?: ProcessGroups;
  readonly backoff: RestartBackoff;
  readonly timers: GatewayTimers;
  /** One line of the gateway's log (stderr when serving). */
  readonly log: (line: string) => void;
  /** Called when the state or the tool list changed. */
  readonly onChange: () => void;
  /**
   * Called when its prompts or resources may have changed: it said so (`list_changed`), or it connected
   * or went away while offering them.
   */
  readonly onListChanged?: (kind: UpstreamListKind) => void;
  /** Called with the URI of a subscribed resource the server says has changed. */
  readonly onResourceUpdated?: (uri: string) => void;
  /**
   * Takes the config's secrets out of what the server says (errors, stderr) before any of it is
   * clipped, so a clip can never keep part of a secret where the redactor would no longer see it
   * whole. @default keep the text as it is
   */
  readonly redact?: Redactor;
  /** A local server's large answers are read off the main thread, cut to these limits (ProcessGroupTransport). */
  readonly largeAnswers?: ToolAnswerLimits;
}

interface Connection {
  readonly client: Client;
  readonly source: McpToolSource;
  readonly connectedAt: number;
}

/**
 * How many of a server's last stderr lines are kept to explain why it stopped: enough for Node's
 * report of an uncaught error (reason, ten stack frames, the error's fields, the version banner).
 */
const STDERR_TAIL_LINES = 40;
/** The most characters of one kept stderr line: the tail stays small whatever a server prints. */
const STDERR_LINE_MAX = 500;

/**
 * Supervises one upstream: connects, lists its tools through the MCP tool source (which follows
 * `tools/list_changed`), notices when it stops, and restarts it with exponential backoff. Failure
 * counts reset once a connection stayed up for the backoff's maximum delay.
 */
export function createUpstream(config: UpstreamConfig, options: UpstreamOptions): Upstream {
  const { timers, log, name } = { ...options, name: config.name };
  const redact: Redactor = options.redact ?? ((text) => text);
  let state: UpstreamState = 'connecting';
  let connection: Connection | undefined;
  let failures = 0;
  /** The last failure as the model may read it: no stderr, no secrets. */
  let lastError: string | undefined;
  /** The same with the stderr line that says why, for the operator (log, status, inspect). */
  let lastErrorDetail: string | undefined;
  let restartHandle: unknown;
  let restartAt: number | undefined;
  let stopped = false;
  let started = false;
  /** The connection attempt under way, so stop() can end it and wait for it. */
  let inFlight: { readonly controller: AbortController; readonly done: Promise<void> } | undefined;
  const stderrTail: string[] = [];
  /** Resource URIs subscribed to, renewed on every new connection. */
  const subscriptions = new Set<string>();
  let settleFirst: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (settleFirst = resolve));

  const change = (next: UpstreamState): void => {
    state = next;
    options.onChange();
  };

  const stderrHint = (): string => {
    const reason = stderrReason(stderrTail);
    return reason === undefined ? '' : ` (its stderr said: ${clip(redact(reason), 160)})`;
  };

  /**
   * Records a failure and schedules a restart. `message` is what the model may read; the log and the
   * status (the operator's) also get the stderr line that says why, which can hold anything, tokens included.
   */
  const fail = (message: string): void => {
    if (stopped) return;
    failures += 1;
    lastError = message;
    lastErrorDetail = message + stderrHint() + ignoredKeysHint(config);
    const delay = restartDelay(failures, options.backoff);
    restartAt = timers.now() + delay;
    log(`[${name}] ${lastErrorDetail}; restarting in ${formatSeconds(delay)}`);
    restartHandle = timers.setTimeout(() => void attempt(), delay);
    change('failed');
  };

  /** Tells the gateway that the prompts and resources this client offers came or went. */
  const listsChanged = (client: Client): void => {
    const capabilities = client.getServerCapabilities();
    if (capabilities?.prompts !== undefined) options.onListChanged?.('prompts');
    if (capabilities?.resources !== undefined) options.onListChanged?.('resources');
  };

  const drop = (current: Connection, message: string): void => {
    if (connection !== current || stopped) return;
    connection = undefined;
    listsChanged(current.client);
    current.source.close();
    if (timers.now() - current.connectedAt >= options.backoff.maxMs) failures = 0;
    void current.client.close().catch(() => undefined);
    fail(message);
  };

  const attempt = (): Promise<void> => {
    const controller = new AbortController();
    const done = connectOnce(controller.signal).finally(() => {
      if (inFlight?.controller === controller) inFlight = undefined;
    });
    inFlight = { controller, done };
    return done;
  };

  const connectOnce = async (signal: AbortSignal): Promise<void> => {
    restartHandle = undefined;
    restartAt = undefined;
    if (stopped) return;
    stderrTail.length = 0;
    if (state !== 'connecting') change('connecting');
    let client: Client | undefined;
    try {
      client = await connectUpstreamClient(config, {
        limits: { quietMs: options.connectTimeoutMs, maxMs: options.connectMaxMs ?? options.connectTimeoutMs },
        timers,
        ...(options.processGroups === undefined ? {} : { processGroups: options.processGroups }),
        ...(options.largeAnswers === undefined ? {} : { largeAnswers: options.largeAnswers }),
        signal,
        onStderrLine: (line) => {
          stderrTail.push(redact(line).slice(0, STDERR_LINE_MAX));
          if (stderrTail.length > STDERR_TAIL_LINES) stderrTail.shift();
          log(`[${name}] ${line}`);
        },
        onProtocolError: (error) => {
          // Spawn errors (ENOENT, EACCES) also arrive here; they are reported once, as the start failure.
          if (typeof (error as { code?: unknown }).code !== 'string')
            log(`[${name}] protocol error: ${clip(redact(oneLineMessage(error)), 200)}`);
        },
      });
      const connected = client;
      const closeOnAbort = (): void => void connected.close().catch(() => undefined);
      signal.addEventListener('abort', closeOnAbort, { once: true });
      const source = await withDeadline(
        createMcpToolSource({
          clients: { [name]: connected },
          mapResult: (result) => result,
          onChange: () => options.onChange(),
          onError: (error) =>
            log(`[${name}] could not re-read its tools after tools/list_changed (its last list is kept): ${oneLineMessage(error)}`),
          // A re-list that never answers fails at the connect timeout, keeping the last list.
          listTimeoutMs: options.connectTimeoutMs,
        }),
        options.connectTimeoutMs,
        timers,
        () => void connected.close().catch(() => undefined),
        `did not list its tools within ${options.connectTimeoutMs} ms`,
      ).finally(() => signal.removeEventListener('abort', closeOnAbort));
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have set `stopped` during the await above (TypeScript does not see it: microsoft/TypeScript#9998)
      if (stopped || connected.transport === undefined) {
        source.close();
        await connected.close().catch(() => undefined);
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- as above
        if (!stopped) fail('closed the connection right after starting');
        return;
      }
      const current: Connection = { client: connected, source, connectedAt: timers.now() };
      connection = current;
      connected.onclose = () => drop(current, config.transport === 'stdio' ? 'exited' : 'closed the connection');
      lastError = undefined;
      lastErrorDetail = undefined;
      log(`[${name}] connected: ${countOf(source.tools().length, 'tool')}`);
      connected.setNotificationHandler(PromptListChangedNotificationSchema, () => options.onListChanged?.('prompts'));
      connected.setNotificationHandler(ResourceListChangedNotificationSchema, () => options.onListChanged?.('resources'));
      connected.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) =>
        options.onResourceUpdated?.(notification.params.uri),
      );
      // Subscriptions are per connection: a restarted server gets them again before it counts as connected.
      await Promise.all(
        [...subscriptions].map((uri) =>
          connected.subscribeResource({ uri }, { timeout: config.callTimeoutMs }).catch((error: unknown) => {
            log(`[${name}] could not subscribe again to ${clipEchoedName(uri)}: ${oneLineMessage(error)}`);
          }),
        ),
      );
      // The server may have gone, or the gateway stopped, while it was being subscribed again.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- set by drop() and stop() during the await above (microsoft/TypeScript#9998)
      if (connection !== current || stopped) return;
      change('connected');
      listsChanged(connected);
    } catch (error) {
      await client?.close().catch(() => undefined);
      fail(describeStartFailure(error, config, redact));
    } finally {
      settleFirst();
    }
  };

  const unavailable = (): string => {
    const why = state === 'connecting' ? 'it is starting' : (lastError ?? 'it is not connected');
    const retry = restartAt === undefined ? '' : `; the gateway restarts it in ${formatSeconds(Math.max(0, restartAt - timers.now()))}`;
    return `MCP server '${name}' is not available: ${why}${retry}. Try again shortly, or use another tool.`;
  };

  const request: Upstream['request'] = async (what, run, signal) => {
    const current = connection;
    if (state !== 'connected' || current === undefined) throw new Error(unavailable());
    try {
      return await runWithDeadline((deadline) => run(current.client, { timeout: config.callTimeoutMs, signal: deadline }), {
        limitMs: config.callMaxMs,
        timers,
        ...(signal === undefined ? {} : { signal }),
      });
    } catch (error) {
      if (signal?.aborted === true) throw error;
      if (error instanceof DeadlineExceededError) {
        throw new Error(
          `MCP server '${name}' did not ${what} within ${formatSeconds(config.callMaxMs)}, the most a request may take (timeouts.call_max_ms).`,
        );
      }
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        throw new Error(`MCP server '${name}' did not ${what} within ${formatSeconds(config.callTimeoutMs)} (timeouts.call_ms).`);
      }
      throw new Error(`MCP server '${name}' could not ${what}: ${clip(redact(oneLineMessage(error)), 300)}`);
    }
  };

  return {
    name,
    config,
    status() {
      return {
        name,
        state,
        toolCount: state === 'connected' ? (connection?.source.tools().length ?? 0) : 0,
        failures,
        ...(lastErrorDetail === undefined ? {} : { error: lastErrorDetail }),
        ...(restartAt === undefined ? {} : { restartInMs: Math.max(0, restartAt - timers.now()) }),
      };
    },
    tools() {
      return state === 'connected' ? (connection?.source.tools() ?? []) : [];
    },
    start() {
      if (started) return;
      started = true;
      const missing = missingSettingsMessage(config);
      if (missing !== undefined) {
        lastError = missing;
        lastErrorDetail = lastError;
        failures = 1;
        state = 'failed';
        log(`[${name}] ${lastError}`);
        settleFirst();
        options.onChange();
        return;
      }
      void attempt();
    },
    settled() {
      return connection?.source.settled() ?? Promise.resolve();
    },
    unavailableMessage() {
      return state === 'connected' ? undefined : unavailable();
    },
    firstAttempt() {
      return first;
    },
    async call(tool, args, callOptions = {}) {
      // The server chose the name: it may be a million characters long, and every message repeats it.
      const shown = clipEchoedName(tool);
      const current = connection;
      if (state !== 'connected' || current === undefined) throw new Error(unavailable());
      let result: McpCallToolResult;
      try {
        // call_ms is an idle limit (each progress notification restarts it); call_max_ms bounds the whole call.
        const send = (signal: AbortSignal): Promise<McpCallToolResult> =>
          current.client.callTool({ name: tool, arguments: args }, undefined, {
            timeout: config.callTimeoutMs,
            resetTimeoutOnProgress: true,
            signal,
            // Asked for only for a client that asked: one that did not cannot see it, and its own timeout
            // (60 s in the SDK) would end the call before the gateway's explanation could reach it.
            ...(callOptions.onProgress === undefined ? {} : { onprogress: callOptions.onProgress }),
          });
        result = await runWithDeadline(send, {
          limitMs: config.callMaxMs,
          timers,
          ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
        });
      } catch (error) {
        if (callOptions.signal?.aborted === true) throw error;
        if (error instanceof DeadlineExceededError) {
          throw new Error(
            `MCP server '${name}' was still running '${shown}' after ${formatSeconds(config.callMaxMs)}, the most a call may take ` +
              `(the gateway's timeouts.call_max_ms), so the call was cancelled. It may still have taken effect: check before calling it again.`,
          );
        }
        if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
          void current.client
            .ping({ timeout: Math.min(5_000, config.callTimeoutMs) })
            .catch(() => drop(current, `stopped answering (a call timed out and a ping went unanswered)`));
          throw new Error(
            `MCP server '${name}' sent nothing about '${shown}' for ${formatSeconds(config.callTimeoutMs)} ` +
              `(the gateway's timeouts.call_ms, or the server's timeout_ms), so the call was cancelled. ` +
              `It may still have taken effect: check before calling it again.`,
          );
        }
        const closed = isConnectionClosed(error);
        if (connection !== current || closed) {
          throw new Error(
            `MCP server '${name}' stopped during the call to '${shown}'. The call may or may not have taken effect: ` +
              `check before calling it again. The gateway is restarting the server.`,
          );
        }
        if (error instanceof McpError) throw new Error(`MCP server '${name}' refused '${shown}': ${clip(redact(error.message), 300)}`);
        throw new Error(`MCP server '${name}' answered '${shown}' with an invalid result (${clip(redact(oneLineMessage(error)), 200)}).`);
      }
      return checkedResult(result, name, shown, redact);
    },
    capabilities() {
      return state === 'connected' ? connection?.client.getServerCapabilities() : undefined;
    },
    serverInfo() {
      return state === 'connected' ? connection?.client.getServerVersion() : undefined;
    },
    request,
    async subscribe(uri, signal) {
      await request(`subscribe to '${clipEchoedName(uri)}'`, (client, options) => client.subscribeResource({ uri }, options), signal);
      subscriptions.add(uri);
    },
    async unsubscribe(uri) {
      if (!subscriptions.delete(uri)) return;
      // A server that is not connected has no subscription to end, and request says so by rejecting.
      await request(`unsubscribe from '${clipEchoedName(uri)}'`, (client, options) => client.unsubscribeResource({ uri }, options)).catch(
        () => undefined,
      );
    },
    async stop() {
      stopped = true;
      if (restartHandle !== undefined) timers.clearTimeout(restartHandle);
      restartHandle = undefined;
      restartAt = undefined;
      const current = connection;
      connection = undefined;
      state = 'stopped';
      settleFirst();
      if (inFlight !== undefined) {
        inFlight.controller.abort();
        await inFlight.done.catch(() => undefined);
      }
      if (current !== undefined) {
        current.source.close();
        await current.client.close().catch(() => undefined);
      }
    },
  };
}

/**
 * The SDK accepts any object as a result (for the pre-2024 `toolResult` form), so the shape is checked
 * here: a `content` list of typed blocks, or a legacy `toolResult`, which becomes one text block.
 */
function checkedResult(result: McpCallToolResult, server: string, tool: string, redact: Redactor): McpCallToolResult {
  const content: unknown = result['content'];
  if (Array.isArray(content) && content.every((block) => typeof (block as { type?: unknown } | null)?.type === 'string')) return result;
  if (content === undefined && 'toolResult' in result) {
    return { content: [{ type: 'text', text: (JSON.stringify(result['toolResult']) as string | undefined) ?? '' }] };
  }
  throw new Error(
    `MCP server '${server}' answered '${tool}' with an invalid result (expected a list of content blocks, got ${clip(redact((JSON.stringify(result) as string | undefined) ?? 'nothing'), 120)}).`,
  );
}

/**
 * `; its config's unknown key 'arg' (did you mean 'args'?) was ignored`, or nothing: a server that fails
 * right after a key of its entry was ignored most likely fails because of it (an `arg` for `args`
 * starts the command without its script, which then waits for the handshake timeout).
 */
function ignoredKeysHint(config: UpstreamConfig): string {
  const keys = config.ignoredKeys ?? [];
  if (keys.length === 0) return '';
  return keys.length === 1
    ? `; its config's unknown key ${keys[0]} was ignored`
    : `; its config's unknown keys ${keys.join(', ')} were ignored`;
}

function describeStartFailure(error: unknown, config: UpstreamConfig, redact: Redactor): string {
  if (error instanceof DeadlineError) return error.message;
  if (error instanceof StartTimeoutError) return describeStartTimeout(error, config);
  if (error instanceof ToolSearchError && error.code === 'mcp_list_failed') {
    return `answered tools/list with something that is not a valid tool list (${clip(redact(oneLineMessage(error.cause ?? error)), 200)})`;
  }
  const code = (error as { code?: unknown }).code;
  if (config.transport === 'stdio' && code === 'ENOENT') {
    return `could not start: command '${config.command}' was not found (check the path, or install it)`;
  }
  if (config.transport === 'stdio' && code === 'EACCES') return `could not start: command '${config.command}' is not executable`;
  // The SDK's own timeout, a backstop set past the start's limits (connect-upstream-client.ts).
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
    return 'did not complete the MCP handshake in time (timeouts.connect_ms, timeouts.connect_max_ms)';
  }
  // The process may be gone before the handshake was even sent ("Not connected") or while it waited.
  if (isConnectionClosed(error)) {
    return config.transport === 'stdio' ? 'exited during startup' : 'closed the connection during startup';
  }
  // The URL as written in the config: expanded, it may carry a secret (`?key=${env:API_KEY}`).
  const where = config.transport === 'stdio' ? '' : ` at ${config.displayUrl}`;
  return `could not connect${where}: ${clip(redact(oneLineMessage(error)), 200)}`;
}

function withDeadline<T>(
  promise: Promise<T>,
  milliseconds: number,
  timers: GatewayTimers,
  onTimeout: () => void,
  message: string,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => {
      onTimeout();
      reject(new DeadlineError(message));
    }, milliseconds);
    promise.then(
      (value) => {
        timers.clearTimeout(handle);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(handle);
        reject(error);
      },
    );
  });
}

class DeadlineError extends Error {
  override readonly name = 'DeadlineError';
}

/** Whether `error` says the connection to the server is gone (the SDK has two ways of saying it). */
function isConnectionClosed(error: unknown): boolean {
  return (error instanceof McpError && error.code === ErrorCode.ConnectionClosed) || oneLineMessage(error) === 'Not connected';
}

/** An upstream's error on one line: servers' messages may carry newlines. */
function oneLineMessage(error: unknown): string {
  return messageOf(error).replace(/\s+/g, ' ').trim();
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}

function formatSeconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 1 : 0)} s`;
}
