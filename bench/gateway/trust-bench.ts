import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchModule } from '../bench-module.ts';
import { fuzzBridgeCalls, type BridgeFuzzCounts } from './fuzz-bridge-calls.ts';
import { fuzzGatewayConfigs, type ConfigFuzzCounts } from './fuzz-gateway-configs.ts';
import { measureHttpSessions, type HttpSessionsMeasurement } from './measure-http-sessions.ts';
import { measureLongName, type LongNameMeasurement } from './measure-long-name.ts';
import { measureWorstRequests, type BystanderWaits, type WorstRequestsMeasurement } from './measure-worst-requests.ts';
import { startServeProcess } from './start-serve-process.ts';
import { FULL_WORST_REQUEST, type WorstRequestSize } from './worst-request-arguments.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How much each part of the trust benchmark does. */
export interface TrustBenchCounts {
  /** Characters in the hostile tool name. */
  readonly nameLength: number;
  /** Bystander echo calls timed before the long-name probes. */
  readonly baselineCalls: number;
  readonly sessions: number;
  readonly callsPerSession: number;
  readonly bridgeCalls: number;
  readonly configDocuments: number;
  /** The worst request's size, and how often each kind is sent (bench/gateway/measure-worst-requests.ts). */
  readonly worstRequest: WorstRequestSize;
  readonly worstRuns: number;
  readonly overBufferRuns: number;
  /** Rounds (an echo call and a tool list) the bystander makes alone before the worst requests. */
  readonly bystanderBaselineRounds: number;
}

/**
 * The issue's figures. The fuzz counts are sized to keep the module near 2 minutes on 2 shared cores
 * (a bridge call over the 358-tool catalog with hostile arguments takes 1-4 ms, a config document about
 * 1 ms); `--fuzz-calls=N` and `--fuzz-configs=N` run more.
 */
export const FULL_COUNTS: TrustBenchCounts = {
  nameLength: 1_000_000,
  baselineCalls: 200,
  sessions: 50,
  callsPerSession: 200,
  bridgeCalls: 10_000,
  configDocuments: 10_000,
  worstRequest: FULL_WORST_REQUEST,
  worstRuns: 20,
  overBufferRuns: 5,
  bystanderBaselineRounds: 100,
};
/** `--quick`: the same shape, small enough for a smoke run. */
export const QUICK_COUNTS: TrustBenchCounts = {
  nameLength: 1_000_000,
  baselineCalls: 50,
  sessions: 10,
  callsPerSession: 20,
  bridgeCalls: 300,
  configDocuments: 300,
  worstRequest: FULL_WORST_REQUEST,
  worstRuns: 3,
  overBufferRuns: 1,
  bystanderBaselineRounds: 20,
};

export interface TrustBenchResults {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly commit: string;
  readonly seed: number;
  readonly longName: LongNameMeasurement;
  readonly httpSessions: HttpSessionsMeasurement;
  readonly worstRequests: WorstRequestsMeasurement;
  readonly bridgeFuzz: BridgeFuzzCounts;
  readonly configFuzz: ConfigFuzzCounts;
}

export interface TrustBenchOptions {
  /** Where gateway-trust.md and .json go; undefined writes neither (a partial `npm run bench`). */
  readonly resultsFolder: string | undefined;
  readonly seed: number;
  /** Progress lines (stderr in `npm run bench`). */
  readonly log?: (line: string) => void;
}

const ECHO_TOOL = 'mcp_everything_echo';
const EVERYTHING_SERVER = {
  command: process.execPath,
  args: [join(PROJECT_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
};
const HOSTILE_SERVER = { command: process.execPath, args: [join(PROJECT_ROOT, 'test/gateway/fixtures/hostile-server.mjs')] };

/**
 * Runs the trust benchmark: `tool-search serve --http 0` (its own process, with a bearer token) in front
 * of the real server-everything, sent a 1,000,000-character tool name while another client keeps
 * calling; many HTTP sessions calling at once, counting lost and doubled answers; the worst single
 * requests a hostile upstream's schemas, re-lists and results allow (a second gateway, with the hostile
 * fixture beside server-everything) while a bystander in its own process calls and lists; and the fuzz
 * counts for bridge calls and config documents. Writes gateway-trust.md and gateway-trust.json; asserts nothing.
 */
export async function runTrustBench(counts: TrustBenchCounts, options: TrustBenchOptions): Promise<TrustBenchResults> {
  const log = options.log ?? (() => undefined);
  const scratch = mkdtempSync(join(tmpdir(), 'tool-search-trust-bench-'));
  let longName: LongNameMeasurement;
  let httpSessions: HttpSessionsMeasurement;
  let worstRequests: WorstRequestsMeasurement;
  try {
    const serve = await startServeProcess({
      projectRoot: PROJECT_ROOT,
      folder: scratch,
      token: randomBytes(24).toString('hex'),
      config: {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { everything: EVERYTHING_SERVER },
        http: { max_sessions: Math.max(100, counts.sessions + 10) },
      },
    });
    try {
      log(`long name: ${counts.nameLength.toLocaleString('en-US')} characters, bystander calling ${ECHO_TOOL}`);
      longName = await measureLongName(serve, { nameLength: counts.nameLength, baselineCalls: counts.baselineCalls, echoTool: ECHO_TOOL });
      log(`sessions: ${counts.sessions} x ${counts.callsPerSession} calls`);
      httpSessions = await measureHttpSessions(serve, {
        sessions: counts.sessions,
        callsPerSession: counts.callsPerSession,
        echoTool: ECHO_TOOL,
      });
    } finally {
      await serve.stop();
    }
    // Tools listed as they are (no bridge), so a bystander's tools/list is the gateway's whole list.
    const hostileServe = await startServeProcess({
      projectRoot: PROJECT_ROOT,
      folder: scratch,
      token: randomBytes(24).toString('hex'),
      config: { tools: { tool_search: { enabled: 'off' } }, mcp_servers: { everything: EVERYTHING_SERVER, hostile: HOSTILE_SERVER } },
    });
    try {
      log(
        `worst requests: ${counts.worstRuns} x 2 and ${counts.overBufferRuns} over the buffer, a bystander in its own process calling and listing`,
      );
      worstRequests = await measureWorstRequests(hostileServe, {
        size: counts.worstRequest,
        runs: counts.worstRuns,
        overBufferRuns: counts.overBufferRuns,
        baselineRounds: counts.bystanderBaselineRounds,
        echoTool: ECHO_TOOL,
      });
    } finally {
      await hostileServe.stop();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  log(`fuzz: ${counts.bridgeCalls.toLocaleString('en-US')} bridge calls, seed ${options.seed}`);
  const bridgeFuzz = await fuzzBridgeCalls({
    toolsPath: join(PROJECT_ROOT, 'catalogs/realistic-session.json'),
    calls: counts.bridgeCalls,
    seed: options.seed,
  });
  log(`fuzz: ${counts.configDocuments.toLocaleString('en-US')} config documents, seed ${options.seed}`);
  const configFuzz = fuzzGatewayConfigs({ documents: counts.configDocuments, seed: options.seed });
  const results: TrustBenchResults = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
    commit: gitCommit(),
    seed: options.seed,
    longName,
    httpSessions,
    worstRequests,
    bridgeFuzz,
    configFuzz,
  };
  if (options.resultsFolder !== undefined) {
    mkdirSync(options.resultsFolder, { recursive: true });
    writeFileSync(join(options.resultsFolder, 'gateway-trust.md'), formatTrustReport(results));
    writeFileSync(join(options.resultsFolder, 'gateway-trust.json'), `${JSON.stringify(results, null, 2)}\n`);
  }
  return results;
}

/** The markdown report of a trust benchmark run. */
export function formatTrustReport(results: TrustBenchResults): string {
  const { longName, httpSessions: sessions, worstRequests: worst, bridgeFuzz, configFuzz } = results;
  const ms = (value: number): string => value.toFixed(1);
  const megabytes = (bytes: number | undefined): string => (bytes === undefined ? 'n/a' : `${(bytes / 1_048_576).toFixed(0)} MB`);
  return [
    '# Gateway trust: hostile input, many sessions, fuzzing',
    '',
    `${results.date}, Node ${results.node}, ${results.cpu}, commit ${results.commit}, seed ${results.seed}.`,
    '`tool-search serve --http 0` runs as its own process with a bearer token, in front of server-everything over stdio; clients are the MCP SDK client over Streamable HTTP.',
    '',
    `## A ${longName.nameLength.toLocaleString('en-US')}-character tool name`,
    '',
    '| call | answered | ms | answer |',
    '| --- | --- | ---: | --- |',
    ...longName.probes.map(
      (probe) =>
        `| ${probe.route} | ${probe.answered ? 'yes' : 'no'} | ${ms(probe.ms)} | ${probe.answer.replace(/\|/g, '\\|').replace(/\n/g, ' ')} |`,
    ),
    '',
    'A second client calling echo meanwhile:',
    '',
    '| bystander calls | count | median ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| before the long names | ${longName.bystanderBefore.samples} | ${ms(longName.bystanderBefore.medianMs)} | ${ms(longName.bystanderBefore.p99Ms)} | ${ms(longName.bystanderBefore.maxMs)} |`,
    `| during the long names | ${longName.bystanderDuring.samples} | ${ms(longName.bystanderDuring.medianMs)} | ${ms(longName.bystanderDuring.p99Ms)} | ${ms(longName.bystanderDuring.maxMs)} |`,
    '',
    `## ${sessions.sessions} HTTP sessions x ${sessions.callsPerSession} calls, concurrently`,
    '',
    `${sessions.calls.toLocaleString('en-US')} echo calls, each with its own payload: **${sessions.lost} lost, ${sessions.doubled} doubled**; ` +
      `latency median ${ms(sessions.latency.medianMs)} ms, p99 ${ms(sessions.latency.p99Ms)} ms; ${(sessions.wallMs / 1000).toFixed(1)} s in all ` +
      `(${Math.round(sessions.calls / (sessions.wallMs / 1000))} calls/s).`,
    '',
    `Gateway resident memory: ${megabytes(sessions.residentBytes.before)} before, ${megabytes(sessions.residentBytes.connected)} with the sessions open, ` +
      `${megabytes(sessions.residentBytes.afterCalls)} after the calls, ${megabytes(sessions.residentBytes.afterClose)} after closing them.`,
    ...(sessions.problems.length === 0 ? [] : ['', 'First problems:', '', ...sessions.problems.map((problem) => `- ${problem}`)]),
    '',
    '## The worst single requests a hostile upstream allows (trust items 1, 3 and 6)',
    '',
    'A second `serve --http 0` with tools listed as they are, in front of server-everything and the hostile fixture (test/gateway/fixtures/hostile-server.mjs, tool `worst_case`). ' +
      'A bystander client, in a process of its own, calls echo and lists the tools in turn without pause; the table gives how long its requests that overlapped each kind of request took, ' +
      `p50 / p99 / max in ms (count), against its requests before any. Each kind is sent one run at a time, ${worst.runsPerVariant} runs (the last kind fewer).`,
    '',
    '| request | bytes sent | runs answered in ms (p50 / p99 / max) | answers | largest answer (characters) | bystander echo call | bystander tools/list |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: |',
    `| none (the bystander alone) | | | | | ${waitCell(worst.baselineCall)} | ${waitCell(worst.baselineList)} |`,
    ...worst.variants.map(
      (variant) =>
        `| ${variant.name}: ${variant.description} | ${variant.requestBytes.toLocaleString('en-US')} | ${ms(variant.attack.medianMs)} / ${ms(variant.attack.p99Ms)} / ${ms(variant.attack.maxMs)} | ` +
        `${Object.entries(variant.answers)
          .map(([answer, count]) => `${answer} x ${count}`)
          .join(', ')
          .replace(/\|/g, '\\|')} | ${variant.largestAnswerCharacters.toLocaleString('en-US')} | ` +
        `${waitCell(variant.bystanderCall)} | ${waitCell(variant.bystanderList)} |`,
    ),
    '',
    '## Fuzzing',
    '',
    '| what | runs | unhandled | outcomes | seconds |',
    '| --- | ---: | ---: | --- | ---: |',
    `| bridge calls (tool_search / tool_describe / tool_call, hostile names, arguments, types, JSON text, huge and deep values) through a session over the 358-tool catalog | ${bridgeFuzz.calls.toLocaleString('en-US')} | **${bridgeFuzz.unhandled}** | ${Object.entries(
      bridgeFuzz.outcomes,
    )
      .sort()
      .map(([key, count]) => `${key} ${count}`)
      .join(', ')} | ${(bridgeFuzz.durationMs / 1000).toFixed(1)} |`,
    `| gateway config documents through resolveGatewayConfig | ${configFuzz.documents.toLocaleString('en-US')} | **${configFuzz.unhandled}** | resolved ${configFuzz.resolved}, refused with a one-line message ${configFuzz.refused} | ${(configFuzz.durationMs / 1000).toFixed(1)} |`,
    '',
    `Slowest bridge call: ${ms(bridgeFuzz.slowestMs)} ms (${bridgeFuzz.slowest}).`,
    ...[...bridgeFuzz.failures, ...configFuzz.failures].map((failure) => `- ${failure}`),
    '',
  ].join('\n');
}

/** `npm run bench` entry: `--quick` for small counts; `--trust-seed=N`, `--fuzz-calls=N`, `--fuzz-configs=N`. */
export const trustBench: BenchModule = {
  name: 'gateway trust: a 1,000,000-character name, 50 HTTP sessions x 200 calls, the worst hostile-upstream requests, fuzzed bridge calls and configs',
  parts: ['trust'],
  async run({ options, resultsFolder }) {
    const base = options.quick ? QUICK_COUNTS : FULL_COUNTS;
    const counts: TrustBenchCounts = {
      ...base,
      bridgeCalls: options.fuzzCalls ?? base.bridgeCalls,
      configDocuments: options.fuzzConfigs ?? base.configDocuments,
    };
    const results = await runTrustBench(counts, {
      resultsFolder,
      seed: options.trustSeed ?? 20_261_130,
      log: (line) => process.stderr.write(`  ${line}\n`),
    });
    process.stdout.write(formatTrustReport(results));
  },
};

/** A bystander's waits as `p50 / p99 / max (count)` in ms, with its failures when there were any. */
function waitCell(waits: BystanderWaits): string {
  const failed = waits.failed === 0 ? '' : `, **${waits.failed} failed**`;
  return `${waits.medianMs.toFixed(1)} / ${waits.p99Ms.toFixed(1)} / ${waits.maxMs.toFixed(1)} (${waits.samples}${failed})`;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
