import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summarizeTimings, type TimingSummary } from '../../search/timing-statistics.ts';

export interface ClusterLoadOptions {
  /** Where the clients connect: HAProxy in front of the instances, or one instance. */
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly sessions: number;
  readonly callsPerSession: number;
  /** How long a call's answer is waited for before it counts as "no answer". */
  readonly callTimeoutMs: number;
  /** The lines the counting servers recorded so far: one per call run (`echo <payload>`). */
  readonly recorded: () => readonly string[];
  /**
   * Runs beside the load: the fault to inject (kill an instance, restart it), told how many calls
   * have finished and whether all have. Its notes go into the report.
   */
  readonly chaos?: (progress: LoadProgress, note: (line: string) => void) => Promise<void>;
}

/** How far a load has come, for the chaos beside it. */
export interface LoadProgress {
  finished(): number;
  done(): boolean;
}

export interface ClusterLoadMeasurement {
  readonly sessions: number;
  readonly callsPerSession: number;
  readonly calls: number;
  /** Calls whose answer was the echo of their own payload. */
  readonly answered: number;
  /** Calls answered with an error result that says why (an instance stopped before answering). */
  readonly failedClearly: number;
  /** Calls that got no answer the client could read (a transport error, a timeout). */
  readonly errors: number;
  /** Answered calls the server never ran (acknowledged, then lost): must be 0. */
  readonly lost: number;
  /** Calls the server ran more than once, or answers that came to the wrong call: must be 0. */
  readonly doubled: number;
  /** Of the calls that failed (clearly or not), how many had run anyway: the reason a failure says "may have run". */
  readonly failedButRan: number;
  readonly latency: TimingSummary;
  readonly wallMs: number;
  /** What the chaos did, and when. */
  readonly notes: readonly string[];
  /** The first few problems, to look into. */
  readonly problems: readonly string[];
}

const ECHO = 'mcp_counting_echo';

/**
 * `sessions` MCP sessions (SDK clients over Streamable HTTP) make `callsPerSession` echo calls each,
 * one after another, all sessions at once, every call with a payload no other call has. Afterwards
 * each payload is looked up in what the counting servers recorded: an answered call must have run
 * exactly once; a failed one at most once. A failed call is not retried: whether to is the client's
 * decision, and retrying would hide what the gateway did.
 */
export async function measureClusterLoad(options: ClusterLoadOptions): Promise<ClusterLoadMeasurement> {
  const run = randomUUID().slice(0, 8);
  const connections = await Promise.all(
    Array.from({ length: options.sessions }, async (_, index) => {
      const client = new Client({ name: `cluster-bench-${index}`, version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(options.url, { requestInit: { headers: options.headers } });
      await client.connect(transport);
      return { client, transport };
    }),
  );
  const outcomes = new Map<string, 'ok' | 'failed-clearly' | 'error'>();
  const latencies: number[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  let doubled = 0;
  let finished = 0;
  const note = (problem: string): void => {
    if (problems.length < 8) problems.push(problem.slice(0, 240));
  };
  const started = performance.now();
  let loadDone = false;
  const chaos = options.chaos?.({ finished: () => finished, done: () => loadDone }, (line) =>
    notes.push(`${((performance.now() - started) / 1000).toFixed(1)} s: ${line}`),
  );
  await Promise.all(
    connections.map(async ({ client }, session) => {
      for (let call = 0; call < options.callsPerSession; call++) {
        const payload = `${run}-s${session}-c${call}`;
        const callStarted = performance.now();
        try {
          const result = await client.callTool({ name: ECHO, arguments: { text: payload } }, undefined, { timeout: options.callTimeoutMs });
          const text = (result.content as Array<{ text?: string }> | undefined)?.[0]?.text ?? '';
          if (result.isError === true) {
            outcomes.set(payload, 'failed-clearly');
            if (!/stopped before it answered/.test(text)) note(`${payload}: error result ${text}`);
          } else if (text !== `echo: ${payload}`) {
            doubled += 1;
            note(`${payload}: answered ${text}`);
          } else {
            outcomes.set(payload, 'ok');
            latencies.push(performance.now() - callStarted);
          }
        } catch (error) {
          outcomes.set(payload, 'error');
          const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
          note(
            `${payload}: ${error instanceof Error ? error.message : String(error)}${cause === undefined ? '' : ` (${String(cause.code ?? cause.message)})`}`,
          );
        }
        finished += 1;
      }
    }),
  );
  const wallMs = performance.now() - started;
  loadDone = true;
  await chaos;
  await Promise.all(
    connections.map(async ({ client, transport }) => {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }),
  );
  const ran = new Map<string, number>();
  for (const line of options.recorded()) {
    if (!line.startsWith(`echo ${run}-`)) continue;
    const payload = line.slice('echo '.length);
    ran.set(payload, (ran.get(payload) ?? 0) + 1);
  }
  let lost = 0;
  let failedButRan = 0;
  for (const [payload, outcome] of outcomes) {
    const times = ran.get(payload) ?? 0;
    if (times > 1) {
      doubled += 1;
      note(`${payload}: ran ${times} times`);
    }
    if (outcome === 'ok' && times === 0) {
      lost += 1;
      note(`${payload}: answered but never ran`);
    }
    if (outcome !== 'ok' && times > 0) failedButRan += 1;
  }
  const count = (kind: string): number => [...outcomes.values()].filter((outcome) => outcome === kind).length;
  return {
    sessions: options.sessions,
    callsPerSession: options.callsPerSession,
    calls: options.sessions * options.callsPerSession,
    answered: count('ok'),
    failedClearly: count('failed-clearly'),
    errors: count('error'),
    lost,
    doubled,
    failedButRan,
    latency: summarizeTimings(latencies),
    wallMs,
    notes,
    problems,
  };
}
