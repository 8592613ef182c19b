import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summarizeTimings, type TimingSummary } from '../search/timing-statistics.ts';
import type { ServeProcess } from './start-serve-process.ts';

export interface HttpSessionsOptions {
  readonly sessions: number;
  readonly callsPerSession: number;
  /** The echo tool, as the gateway lists it. */
  readonly echoTool: string;
}

export interface HttpSessionsMeasurement {
  readonly sessions: number;
  readonly callsPerSession: number;
  readonly calls: number;
  /** Calls with no answer, an error, or an error result. */
  readonly lost: number;
  /** Answers carrying another call's payload, or a payload seen twice. */
  readonly doubled: number;
  readonly latency: TimingSummary;
  readonly wallMs: number;
  /** Gateway process resident memory (bytes): before the sessions, with them open, after the calls, after closing them. */
  readonly residentBytes: {
    readonly before?: number;
    readonly connected?: number;
    readonly afterCalls?: number;
    readonly afterClose?: number;
  };
  /** The first few problems, to look into. */
  readonly problems: readonly string[];
}

/**
 * Opens `sessions` MCP sessions over HTTP at once and has each make `callsPerSession` echo calls one
 * after another, all sessions concurrently, each call with a payload no other call has. Counts answers
 * that never came (lost) and answers that came to the wrong call or twice (doubled): the gateway keeps
 * one core session per MCP session, and none may see another's traffic.
 */
export async function measureHttpSessions(serve: ServeProcess, options: HttpSessionsOptions): Promise<HttpSessionsMeasurement> {
  const before = serve.residentBytes();
  const run = randomUUID().slice(0, 8);
  const connections = await Promise.all(
    Array.from({ length: options.sessions }, async (_, index) => {
      const client = new Client({ name: `trust-bench-session-${index}`, version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(serve.url, { requestInit: { headers: serve.headers } });
      await client.connect(transport);
      return { client, transport };
    }),
  );
  const connected = serve.residentBytes();
  const latencies: number[] = [];
  const seen = new Set<string>();
  const problems: string[] = [];
  let lost = 0;
  let doubled = 0;
  const note = (problem: string): void => {
    if (problems.length < 5) problems.push(problem);
  };
  const started = performance.now();
  await Promise.all(
    connections.map(async ({ client }, session) => {
      for (let call = 0; call < options.callsPerSession; call++) {
        const payload = `${run}-s${session}-c${call}`;
        const callStarted = performance.now();
        try {
          const result = await client.callTool({ name: options.echoTool, arguments: { message: payload } }, undefined, { timeout: 60_000 });
          latencies.push(performance.now() - callStarted);
          const text = (result.content as { text?: string }[] | undefined)?.[0]?.text;
          if (result.isError === true) {
            lost++;
            note(`${payload}: error result ${String(text).slice(0, 100)}`);
          } else if (text !== `Echo: ${payload}`) {
            doubled++;
            note(`${payload}: answered ${String(text).slice(0, 100)}`);
          } else if (seen.has(payload)) {
            doubled++;
            note(`${payload}: answered twice`);
          } else {
            seen.add(payload);
          }
        } catch (error) {
          lost++;
          note(`${payload}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200));
        }
      }
    }),
  );
  const wallMs = performance.now() - started;
  const afterCalls = serve.residentBytes();
  await Promise.all(
    connections.map(async ({ client, transport }) => {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }),
  );
  const afterClose = serve.residentBytes();
  return {
    sessions: options.sessions,
    callsPerSession: options.callsPerSession,
    calls: options.sessions * options.callsPerSession,
    lost,
    doubled,
    latency: summarizeTimings(latencies),
    wallMs,
    residentBytes: { ...definedOnly({ before, connected, afterCalls, afterClose }) },
    problems,
  };
}

function definedOnly(values: Record<string, number | undefined>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, number] => entry[1] !== undefined));
}
