import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summarizeTimings, type TimingSummary } from '../search/timing-statistics.ts';
import type { ServeProcess } from './start-serve-process.ts';
import { worstRequestArguments, type WorstRequestSize } from './worst-request-arguments.ts';

const BYSTANDER_SCRIPT = fileURLToPath(new URL('./bystander-client.mjs', import.meta.url));
const WORST_TOOL = 'mcp_hostile_worst_case';
/** Give up on one attack after this long: it then counts as unanswered. */
const ATTACK_TIMEOUT_MS = 120_000;

/** How long a bystander's requests took: median, p99 and max in milliseconds, and how many failed. */
export interface BystanderWaits extends TimingSummary {
  readonly maxMs: number;
  readonly failed: number;
}

/** One kind of worst request, sent `runs` times one after another while the bystander keeps going. */
export interface WorstRequestVariant {
  readonly name: string;
  /** What the request does to the gateway. */
  readonly description: string;
  readonly requestBytes: number;
  /** How long each run took to be answered, and what the answer was. */
  readonly attack: TimingSummary & { readonly maxMs: number };
  readonly answers: Readonly<Record<string, number>>;
  /** The largest answer a client received, in characters of JSON. */
  readonly largestAnswerCharacters: number;
  /** The bystander's echo calls and tool lists that overlapped a run of this request. */
  readonly bystanderCall: BystanderWaits;
  readonly bystanderList: BystanderWaits;
}

export interface WorstRequestsMeasurement {
  readonly runsPerVariant: number;
  /** The bystander alone, before any attack. */
  readonly baselineCall: BystanderWaits;
  readonly baselineList: BystanderWaits;
  readonly variants: readonly WorstRequestVariant[];
}

export interface WorstRequestsOptions {
  readonly size: WorstRequestSize;
  /** Runs of each of the first two variants. */
  readonly runs: number;
  /** Runs of the answer over the SDK's 10 MB buffer (each stops the upstream, which is restarted). */
  readonly overBufferRuns: number;
  /** Rounds (an echo call and a tool list) the bystander makes alone first. */
  readonly baselineRounds: number;
  /** The bystander's echo tool, as the gateway lists it. */
  readonly echoTool: string;
}

interface Variant {
  readonly name: string;
  readonly description: string;
  readonly args: Record<string, unknown>;
  readonly runs: number;
}

/**
 * Sends the worst single requests that argument checks (trust item 1), re-lists (item 3) and result
 * budgets (item 6) allow to a running gateway that has the hostile fixture as server `hostile`, while a
 * bystander client in another process (bystander-client.mjs) keeps calling echo and listing tools, and
 * times how long the bystander waited during each kind of request, against its waits before any. Every
 * session shares the gateway's one event loop, so work the gateway cannot bound shows up as the
 * bystander's wait.
 */
export async function measureWorstRequests(serve: ServeProcess, options: WorstRequestsOptions): Promise<WorstRequestsMeasurement> {
  const variants: Variant[] = [
    {
      name: 'every argument check failing',
      description:
        'backtracking pattern on the value and on every key, uniqueItems with a copy last, an integer list of strings: refused by the argument check',
      args: worstRequestArguments(options.size, true),
      runs: options.runs,
    },
    {
      name: 'every check passing, the answer oversized every way',
      description:
        'the same checks passing, so the upstream runs: it sends list_changed and never answers tools/list again, and answers 9.6 MB (90,000 characters of text, 200,000 empty blocks, structuredContent, 4 MB of _meta)',
      args: worstRequestArguments(options.size, false),
      runs: options.runs,
    },
    {
      name: 'an answer over the SDK’s 10 MB stdio buffer',
      description:
        '300,000 empty blocks with the rest (11.7 MB): the gateway’s SDK client closes the connection, the call fails and the server is restarted',
      args: { count: 300_000 },
      runs: options.overBufferRuns,
    },
  ];
  const attacker = new Client({ name: 'trust-bench-attacker', version: '1.0.0' });
  const attackerTransport = new StreamableHTTPClientTransport(serve.url, { requestInit: { headers: serve.headers } });
  await attacker.connect(attackerTransport);
  const bystander = await startBystander(serve, options.echoTool, options.baselineRounds);
  try {
    const windows: { variant: number; startedAt: number; endedAt: number }[] = [];
    const runs: { variant: number; ms: number; answer: string; characters: number }[] = [];
    for (const [index, variant] of variants.entries()) {
      for (let run = 0; run < variant.runs; run++) {
        const startedAt = now();
        let answer: string;
        let characters = 0;
        try {
          const result = await attacker.callTool({ name: WORST_TOOL, arguments: variant.args }, undefined, { timeout: ATTACK_TIMEOUT_MS });
          characters = JSON.stringify(result).length;
          answer = answerKind(result);
        } catch (error) {
          answer = `rejected: ${(error instanceof Error ? error.message : String(error)).slice(0, 60)}`;
        }
        const endedAt = now();
        windows.push({ variant: index, startedAt, endedAt });
        runs.push({ variant: index, ms: endedAt - startedAt, answer, characters });
        // A pause between runs, so each run's effect on the bystander is its own.
        await delay(100);
      }
    }
    const samples = await bystander.stop();
    // The baseline is the rounds the bystander made before it said ready, each a call and a list.
    const before = samples.slice(0, 2 * options.baselineRounds);
    const overlapping = (variant: number) =>
      samples.filter((sample) =>
        windows.some((window) => window.variant === variant && sample.startedAt < window.endedAt && sample.endedAt > window.startedAt),
      );
    return {
      runsPerVariant: options.runs,
      baselineCall: waits(before.filter((sample) => sample.kind === 'call')),
      baselineList: waits(before.filter((sample) => sample.kind === 'list')),
      variants: variants.map((variant, index) => {
        const own = runs.filter((run) => run.variant === index);
        const during = overlapping(index);
        const answers: Record<string, number> = {};
        for (const run of own) answers[run.answer] = (answers[run.answer] ?? 0) + 1;
        return {
          name: variant.name,
          description: variant.description,
          requestBytes: Buffer.byteLength(JSON.stringify(variant.args)),
          attack: { ...summarizeTimings(own.map((run) => run.ms)), maxMs: Math.max(0, ...own.map((run) => run.ms)) },
          answers,
          largestAnswerCharacters: Math.max(0, ...own.map((run) => run.characters)),
          bystanderCall: waits(during.filter((sample) => sample.kind === 'call')),
          bystanderList: waits(during.filter((sample) => sample.kind === 'list')),
        };
      }),
    };
  } finally {
    bystander.kill();
    await attackerTransport.terminateSession().catch(() => undefined);
    await attacker.close().catch(() => undefined);
  }
}

interface BystanderSample {
  readonly kind: 'call' | 'list';
  readonly startedAt: number;
  readonly endedAt: number;
  readonly ok: boolean;
}

interface RunningBystander {
  /** Ends its standard input and resolves with every sample it took. */
  stop(): Promise<BystanderSample[]>;
  kill(): void;
}

/** Starts bystander-client.mjs against the gateway and resolves once it has made its baseline rounds. */
async function startBystander(serve: ServeProcess, echoTool: string, baselineRounds: number): Promise<RunningBystander> {
  const child = spawn(process.execPath, [BYSTANDER_SCRIPT], {
    env: {
      ...process.env,
      BYSTANDER_URL: serve.url.href,
      BYSTANDER_TOKEN: serve.headers.authorization!.replace(/^Bearer /, ''),
      BYSTANDER_ECHO_TOOL: echoTool,
      BYSTANDER_BASELINE_ROUNDS: String(baselineRounds),
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.done === true || first.value !== 'ready')
    throw new Error(`the bystander client did not start (it said ${JSON.stringify(first.value)})`);
  return {
    async stop() {
      child.stdin.end();
      const last = await lines.next();
      if (last.done === true) throw new Error('the bystander client stopped without its samples');
      const { samples } = JSON.parse(last.value as string) as { samples: [BystanderSample['kind'], number, number, boolean][] };
      return samples.map(([kind, startedAt, endedAt, ok]) => ({ kind, startedAt, endedAt, ok }));
    },
    kill() {
      if (child.exitCode === null) child.kill();
    },
  };
}

/** A short name for an answer: the refusal's code, or what came back. */
function answerKind(result: Awaited<ReturnType<Client['callTool']>>): string {
  const content = (result.content as { type: string; text?: string }[] | undefined) ?? [];
  if (result.isError === true) {
    const text = content[0]?.text ?? '';
    try {
      return `refused: ${(JSON.parse(text) as { code?: string }).code ?? text.slice(0, 60)}`;
    } catch {
      return `error: ${text.slice(0, 60)}`;
    }
  }
  return `answered: ${content.length} blocks`;
}

function waits(samples: readonly BystanderSample[]): BystanderWaits {
  const durations = samples.map((sample) => sample.endedAt - sample.startedAt);
  return { ...summarizeTimings(durations), maxMs: Math.max(0, ...durations), failed: samples.filter((sample) => !sample.ok).length };
}

function now(): number {
  return performance.timeOrigin + performance.now();
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
