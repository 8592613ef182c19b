import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchModule } from '../bench-module.ts';
import { summarizeTimings, type TimingSummary } from '../search/timing-statistics.ts';
import { measureGatewayLatency } from './measure-gateway-latency.ts';
import { measureDemoConfig } from './measure-demo-config.ts';
import { measureRealisticSession, type ClientView } from './measure-realistic-session.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Timed rounds (one call per route each) and untimed warm-up rounds; `--gateway-rounds=N` overrides the timed ones. */
const DEFAULT_ROUNDS = 2_000;
const WARMUP_ROUNDS = 200;
/** `--quick`: enough rounds to exercise every route, too few for figures to report. */
const QUICK_ROUNDS = 50;
const QUICK_WARMUP_ROUNDS = 20;

/**
 * The gateway benchmark (issue 3): the latency `tool-search serve` adds to a tool call over calling
 * the same upstream server directly, measured side by side in one run. Not a test: it asserts nothing.
 */
export const gatewayBench: BenchModule = {
  name: 'gateway: added latency per tool call (tool-search serve vs. direct, server-everything echo over stdio)',
  parts: ['gateway'],
  async run({ options, resultsFolder }) {
    const rounds = Math.max(10, options.gatewayRounds ?? (options.quick ? QUICK_ROUNDS : DEFAULT_ROUNDS));
    const warmupRounds = options.quick ? QUICK_WARMUP_ROUNDS : WARMUP_ROUNDS;
    const samples = await measureGatewayLatency({ projectRoot: PROJECT_ROOT, rounds, warmupRounds });
    const direct = summarizeTimings(samples.direct);
    const gatewayDirect = summarizeTimings(samples.gatewayDirect);
    const gatewayBridge = summarizeTimings(samples.gatewayBridge);
    const added = (subject: number[]) => summarizeTimings(subject.map((value, index) => value - samples.direct[index]!));
    const addedDirect = added(samples.gatewayDirect);
    const addedBridge = added(samples.gatewayBridge);
    const replayDirect = summarizeTimings(samples.replayDirect);
    const realisticBridge = summarizeTimings(samples.realisticBridge);
    const addedRealistic = summarizeTimings(samples.realisticBridge.map((value, index) => value - samples.replayDirect[index]!));
    const realistic = await measureRealisticSession(PROJECT_ROOT);
    const demo = await measureDemoConfig(PROJECT_ROOT);
    const viewRows = (views: readonly ClientView[]) =>
      views.map(
        (view) => `| ${view.label} | ${view.active ? 'active' : 'not active'} | ${view.tools} | ${view.tokens.toLocaleString('en-US')} |`,
      );
    const stamp = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
      commit: gitCommit(),
      rounds,
    };
    const rows: [string, TimingSummary][] = [
      ['direct: client -> server-everything', direct],
      ['gateway, tool search off: client -> gateway -> server (by name)', gatewayDirect],
      ['gateway, tool search on: client -> gateway -> server (tool_call)', gatewayBridge],
      ['added by the gateway, by name (paired difference)', addedDirect],
      ['added by the gateway, tool_call (paired difference)', addedBridge],
      ['direct: client -> replayed memory server', replayDirect],
      ['gateway over 17 servers / 358 tools: client -> gateway -> replayed memory (tool_call)', realisticBridge],
      ['added by the gateway over 358 tools, tool_call (paired difference)', addedRealistic],
    ];
    const report = [
      ...(options.quick
        ? [`> Quick run (\`npm run bench -- --quick\`): ${rounds} rounds, a smoke run; the figures to report are in bench/results/.`, '']
        : []),
      '# Gateway latency',
      '',
      `${stamp.date}, Node ${stamp.node}, ${stamp.cpu}, commit ${stamp.commit}, ${rounds} rounds after ${warmupRounds} warm-up rounds.`,
      'Each round calls once per route, in rotating order; every client is the MCP SDK client over stdio.',
      'The gateway runs as `tool-search serve` (its own process) with an activity log and policy globs.',
      '',
      '| route | median ms | p99 ms |',
      '| --- | ---: | ---: |',
      ...rows.map(([label, summary]) => `| ${label} | ${summary.medianMs.toFixed(3)} | ${summary.p99Ms.toFixed(3)} |`),
      '',
      `Added latency per tool_call through the bridge: median ${addedBridge.medianMs.toFixed(3)} ms, p99 ${addedBridge.p99Ms.toFixed(3)} ms (target: under 1 ms at the median);`,
      `with 17 servers and 358 tools behind the gateway: median ${addedRealistic.medianMs.toFixed(3)} ms, p99 ${addedRealistic.p99Ms.toFixed(3)} ms.`,
      '',
      '# What the client is shown: the bundled realistic session through the gateway',
      '',
      `${realistic.connected} of ${realistic.servers} servers connected over stdio (replay servers with the schemas of the real ones), ${realistic.tools} tools; o200k tokens of the tool array.`,
      '',
      '| client sees | Tool Search | tools | tokens |',
      '| --- | --- | ---: | ---: |',
      ...viewRows(realistic.views),
      '',
      "# What the client is shown: `npm start`'s config (config/default-gateway.yaml)",
      '',
      'server-everything, -memory and -filesystem from npm, over stdio; o200k tokens of the tool array (`npm start` prints characters / 4).',
      '',
      '| client sees | Tool Search | tools | tokens |',
      '| --- | --- | ---: | ---: |',
      ...viewRows(demo),
      '',
    ].join('\n');
    process.stdout.write(`${report}\n`);
    if (resultsFolder === undefined) return;
    mkdirSync(resultsFolder, { recursive: true });
    writeFileSync(join(resultsFolder, 'gateway-latency.md'), report);
    writeFileSync(
      join(resultsFolder, 'gateway-latency.json'),
      `${JSON.stringify({ ...stamp, direct, gatewayDirect, gatewayBridge, addedDirect, addedBridge, replayDirect, realisticBridge, addedRealistic, realistic, demo }, null, 2)}\n`,
    );
  },
};

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
