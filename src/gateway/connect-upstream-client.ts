import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { UpstreamConfig } from './gateway-config.ts';

/** What the gateway calls itself when it connects to an upstream. */
export const GATEWAY_CLIENT_INFO = Object.freeze({ name: 'tool-search-gateway', version: '0.1.0' });

export interface UpstreamClientOptions {
  readonly timeoutMs: number;
  /** Each line the upstream process writes to stderr (stdio servers only). */
  readonly onStderrLine: (line: string) => void;
  /** A message from the upstream that is not valid MCP (garbage on stdout, a malformed reply); the connection goes on. */
  readonly onProtocolError: (error: Error) => void;
  /** Aborting gives up: the transport is closed (a local process ends) and the promise rejects. */
  readonly signal?: AbortSignal;
}

/**
 * Starts (stdio) or reaches (HTTP) one upstream and completes the MCP handshake. A remote server is
 * tried with Streamable HTTP first and, when that fails, with the older HTTP+SSE transport, unless
 * the config asks for SSE. Rejects when the server cannot be started or reached, or does not finish the
 * handshake in time; whatever was started is closed again.
 */
export async function connectUpstreamClient(config: UpstreamConfig, options: UpstreamClientOptions): Promise<Client> {
  if (config.transport === 'stdio') {
    const transport = new StdioClientTransport({
      command: config.command,
      args: [...config.args],
      env: { ...config.env },
      ...(config.cwd === undefined ? {} : { cwd: config.cwd }),
      stderr: 'pipe',
    });
    followLines(transport.stderr as NodeJS.ReadableStream | null, options.onStderrLine);
    return connectWith(transport, options);
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

async function connectWith(transport: Transport, options: UpstreamClientOptions): Promise<Client> {
  const client = new Client({ ...GATEWAY_CLIENT_INFO }, { capabilities: {} });
  client.onerror = options.onProtocolError;
  const giveUp = (): void => void client.close().catch(() => undefined);
  options.signal?.addEventListener('abort', giveUp, { once: true });
  try {
    options.signal?.throwIfAborted();
    await client.connect(transport, { timeout: options.timeoutMs });
    return client;
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  } finally {
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
