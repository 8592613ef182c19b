import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { UpstreamConfig } from './gateway-config.ts';
import type { GatewayTimers } from './gateway-timers.ts';
import { LONGEST_TIMER_MS } from './longest-timer.ts';
import { ProcessGroupTransport } from './process-group-transport.ts';
import type { ProcessGroups } from './process-groups.ts';
import type { ToolAnswerLimits } from './shrink-tool-answer.ts';
import { watchStart, type StartLimits } from './start-deadline.ts';

/** What the gateway calls itself when it connects to an upstream. */
export const GATEWAY_CLIENT_INFO = Object.freeze({ name: 'tool-search-gateway', version: '0.1.0' });

export interface UpstreamClientOptions {
  /** How long the start may take (see watchStart: a busy local server is given longer). */
  readonly limits: StartLimits;
  readonly timers: GatewayTimers;
  /** Where local servers' process groups are recorded, so that the gateway's exit can end them. */
  readonly processGroups?: ProcessGroups;
  /** Each line the upstream process writes to stderr (stdio servers only). */
  readonly onStderrLine: (line: string) => void;
  /** A message from the upstream that is not valid MCP (garbage on stdout, a malformed reply); the connection goes on. */
  readonly onProtocolError: (error: Error) => void;
  /** Aborting gives up: the transport is closed (a local process ends) and the promise rejects. */
  readonly signal?: AbortSignal;
  /** A local server's large answers are read off the main thread, cut to these limits (ProcessGroupTransport). */
  readonly largeAnswers?: ToolAnswerLimits;
}

/**
 * Starts (stdio) or reaches (HTTP) one upstream and completes the MCP handshake. A local server runs
 * in a process group of its own (ProcessGroupTransport; on Windows, which has no process groups, the
 * SDK's StdioClientTransport), so closing it ends everything it started. A remote server is
 * tried with Streamable HTTP first and, when that fails, with the older HTTP+SSE transport, unless
 * the config asks for SSE. Rejects when the server cannot be started or reached, or does not finish the
 * handshake in time (a StartTimeoutError); whatever was started is closed again.
 */
export async function connectUpstreamClient(config: UpstreamConfig, options: UpstreamClientOptions): Promise<Client> {
  if (config.transport === 'stdio') {
    const cwd = config.cwd === undefined ? {} : { cwd: config.cwd };
    if (process.platform === 'win32') {
      const transport = new StdioClientTransport({
        command: config.command,
        args: [...config.args],
        env: { ...config.env },
        ...cwd,
        stderr: 'pipe',
      });
      followLines(transport.stderr as NodeJS.ReadableStream | null, options.onStderrLine);
      return connectWith(transport, options);
    }
    const transport = new ProcessGroupTransport({
      command: config.command,
      args: config.args,
      // As the SDK's transport does: its safe default environment (PATH, HOME, ...), then the config's.
      env: { ...getDefaultEnvironment(), ...config.env },
      ...cwd,
      onStderrLine: options.onStderrLine,
      ...(options.processGroups === undefined ? {} : { groups: options.processGroups }),
      ...(options.largeAnswers === undefined ? {} : { largeAnswers: options.largeAnswers }),
    });
    return connectWith(transport, options, () => transport.signsOfWork());
  }
  const requestInit = { headers: { ...config.headers } };
  if (config.transport === 'sse') return connectWith(new SSEClientTransport(config.url, { requestInit }), options);
  try {
    return await connectWith(new StreamableHTTPClientTransport(config.url, { requestInit }), options);
  } catch (streamableError) {
    if (options.signal?.aborted === true) throw streamableError;
    try {
      return await connectWith(new SSEClientTransport(config.url, { requestInit }), options);
    } catch {
      throw streamableError;
    }
  }
}

async function connectWith(transport: Transport, options: UpstreamClientOptions, signsOfWork?: () => Promise<string>): Promise<Client> {
  const client = new Client({ ...GATEWAY_CLIENT_INFO }, { capabilities: {} });
  client.onerror = options.onProtocolError;
  const giveUp = (): void => void client.close().catch(() => undefined);
  options.signal?.addEventListener('abort', giveUp, { once: true });
  const deadline = watchStart({ limits: options.limits, timers: options.timers, ...(signsOfWork === undefined ? {} : { signsOfWork }) });
  try {
    options.signal?.throwIfAborted();
    // The deadline's signal ends the handshake (rejecting with its StartTimeoutError); the SDK's own
    // timeout is only a backstop, set past the longest the deadline allows (within what a timer can wait).
    const backstopMs = Math.min(options.limits.maxMs + options.limits.quietMs, LONGEST_TIMER_MS);
    await client.connect(transport, { signal: deadline.signal, timeout: backstopMs });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw deadline.signal.aborted ? deadline.signal.reason : error;
  } finally {
    deadline.dispose();
    options.signal?.removeEventListener('abort', giveUp);
  }
}

function followLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (stream === null) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split(/\r?\n/);
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
}
