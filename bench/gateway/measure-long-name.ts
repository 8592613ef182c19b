import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summarizeTimings, type TimingSummary } from '../search/timing-statistics.ts';
import type { ServeProcess } from './start-serve-process.ts';

/** One hostile call with a very long tool name, and how long the gateway took to answer it. */
export interface LongNameProbe {
  readonly route: string;
  readonly ms: number;
  /** Whether an answer came back (an error result counts: refusing is the right answer). */
  readonly answered: boolean;
  /** The start of the answer's text, or the failure. */
  readonly answer: string;
}

export interface LongNameMeasurement {
  readonly nameLength: number;
  readonly probes: readonly LongNameProbe[];
  /** Another client's echo calls alone, before the probes ... */
  readonly bystanderBefore: TimingSummary & { readonly maxMs: number };
  /** ... and those that overlapped a probe. */
  readonly bystanderDuring: TimingSummary & { readonly maxMs: number };
}

export interface LongNameOptions {
  readonly nameLength: number;
  /** Bystander calls timed before the probes. */
  readonly baselineCalls: number;
  /** The bystander's echo tool, as the gateway lists it. */
  readonly echoTool: string;
}

/** Give up on one probe after this long: the answer then counts as lost. */
const PROBE_TIMEOUT_MS = 120_000;

/**
 * Sends tool calls whose tool name is `nameLength` characters long (by name, through tool_call and
 * through tool_describe) to a running gateway while a second client keeps calling echo, and times both:
 * the probe's answer, and the bystander's calls before and during the probes. A gateway that does
 * unbounded work on the name (did-you-mean over a million characters) answers late and stalls the
 * bystander too, since every session shares one event loop.
 */
export async function measureLongName(serve: ServeProcess, options: LongNameOptions): Promise<LongNameMeasurement> {
  const connect = async (name: string): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(serve.url, { requestInit: { headers: serve.headers } });
    await client.connect(transport);
    return { client, transport };
  };
  const prober = await connect('trust-bench-prober');
  const bystander = await connect('trust-bench-bystander');
  const echo = async (): Promise<{ startedAt: number; endedAt: number }> => {
    const startedAt = performance.now();
    await bystander.client.callTool({ name: options.echoTool, arguments: { message: 'bystander' } });
    return { startedAt, endedAt: performance.now() };
  };
  try {
    const before: number[] = [];
    for (let index = 0; index < options.baselineCalls; index++) {
      const { startedAt, endedAt } = await echo();
      before.push(endedAt - startedAt);
    }
    const calls: { startedAt: number; endedAt: number }[] = [];
    let probing = true;
    const background = (async () => {
      while (probing) calls.push(await echo());
    })();
    const name = 'x'.repeat(options.nameLength);
    const routes: [string, string, Record<string, unknown>][] = [
      ['tools/call by name', name, {}],
      ['tool_call {name}', 'tool_call', { name, arguments: {} }],
      ['tool_describe {name}', 'tool_describe', { name }],
    ];
    const probes: LongNameProbe[] = [];
    const windows: [number, number][] = [];
    for (const [route, toolName, args] of routes) {
      const startedAt = performance.now();
      let answered = true;
      let answer: string;
      try {
        const result = await prober.client.callTool({ name: toolName, arguments: args }, undefined, { timeout: PROBE_TIMEOUT_MS });
        const text = (result.content as { type: string; text?: string }[] | undefined)?.[0]?.text ?? JSON.stringify(result);
        answer = `${result.isError === true ? 'error result: ' : ''}${text.slice(0, 100)}`;
      } catch (error) {
        // A JSON-RPC error is an answer too (the SDK refuses some requests before the gateway sees them).
        const message = error instanceof Error ? error.message : String(error);
        answered = !/timed out|timeout/i.test(message);
        answer = `rejected: ${message.slice(0, 100)}`;
      }
      const endedAt = performance.now();
      windows.push([startedAt, endedAt]);
      probes.push({ route, ms: endedAt - startedAt, answered, answer: answer.replace(/x{20,}/g, (run) => `x...(${run.length} x)`) });
    }
    probing = false;
    await background;
    const during = calls
      .filter((call) => windows.some(([start, end]) => call.startedAt < end && call.endedAt > start))
      .map((call) => call.endedAt - call.startedAt);
    return {
      nameLength: options.nameLength,
      probes,
      bystanderBefore: { ...summarizeTimings(before), maxMs: Math.max(0, ...before) },
      bystanderDuring: { ...summarizeTimings(during), maxMs: Math.max(0, ...during) },
    };
  } finally {
    for (const { client, transport } of [prober, bystander]) {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }
  }
}
