import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TimingSummary } from '../../search/timing-statistics.ts';
import type { BenchModule } from '../../bench-module.ts';
import { measureClusterLoad, type ClusterLoadMeasurement } from './measure-cluster-load.ts';
import { measureStoreRoundTrip } from './measure-store-round-trip.ts';
import { measureCallOverhead, type CallOverheadMeasurement } from './measure-call-overhead.ts';
import { startHaproxy } from './start-haproxy.ts';
import { startInstances } from './start-instances.ts';
import { startRedis } from './start-redis.ts';

const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** How much the cluster benchmark does. */
export interface ClusterBenchCounts {
  readonly sessions: number;
  readonly callsPerSession: number;
  /** Calls one session makes one after another, to time a call without contention. */
  readonly sequentialCalls: number;
  /** Redis PINGs timed. */
  readonly pings: number;
  /** How long a client waits for a call's answer before counting it as "no answer". */
  readonly callTimeoutMs: number;
}

/** The figures: 3 instances x 50 sessions x 200 calls, against one instance alone. */
export const FULL_CLUSTER_COUNTS: ClusterBenchCounts = {
  sessions: 50,
  callsPerSession: 200,
  sequentialCalls: 1_000,
  pings: 1_000,
  callTimeoutMs: 60_000,
};
/**
 * `--quick`: the same shape, small; a call whose connection broke with the killed instance is given up
 * after 10 s, not the SDK's 60 s, so a smoke run does not spend a minute waiting for it.
 */
export const QUICK_CLUSTER_COUNTS: ClusterBenchCounts = {
  sessions: 5,
  callsPerSession: 20,
  sequentialCalls: 50,
  pings: 100,
  callTimeoutMs: 10_000,
};

export interface ClusterBenchResults {
  readonly date: string;
  readonly node: string;
  readonly cpu: string;
  readonly commit: string;
  /** The machine's 1-minute load average when the run started (other work on a shared machine skews every figure). */
  readonly loadAverage: number;
  /** One session on an instance alone and one on a clustered instance, calling in turns. */
  readonly overhead: CallOverheadMeasurement;
  /** The load on one instance alone. */
  readonly alone: ClusterLoadMeasurement;
  /** The same load through HAProxy on three instances, one killed and restarted mid-run. */
  readonly cluster: ClusterLoadMeasurement;
  /** One Redis round trip (PING). */
  readonly roundTrip: TimingSummary;
}

export interface ClusterBenchOptions {
  /** Where cluster.md and cluster.json go; undefined writes neither. */
  readonly resultsFolder: string | undefined;
  readonly log?: (line: string) => void;
}

/**
 * Runs `tool-search serve --http` as its own processes in front of the counting server: one instance
 * alone, then three sharing a real redis-server behind a real HAProxy (sticky on Mcp-Session-Id, as
 * docs/deploying.md sets it up), instance b killed (SIGKILL) once a third of the calls are done and
 * started again at 60%. Counts every call's fate from what the upstreams recorded. Asserts nothing.
 */
export async function runClusterBench(counts: ClusterBenchCounts, options: ClusterBenchOptions): Promise<ClusterBenchResults> {
  const log = options.log ?? (() => undefined);
  const redis = await startRedis();
  try {
    const maxSessions = counts.sessions + 10;
    const loadAverage = loadavg()[0] ?? 0;
    log('one instance alone, three instances sharing Redis');
    const [single, cluster] = await Promise.all([
      startInstances({ redisUrl: undefined, count: 1, maxSessions }),
      startInstances({ redisUrl: redis.url, count: 3, maxSessions }),
    ]);
    let overhead: CallOverheadMeasurement;
    let alone: ClusterLoadMeasurement;
    let balanced: ClusterLoadMeasurement;
    try {
      log(`one session each on an instance alone and a clustered one, ${counts.sequentialCalls} calls in turns`);
      overhead = await measureCallOverhead(
        { url: single.instances[0]!.url, headers: single.headers },
        { url: cluster.instances[0]!.url, headers: cluster.headers },
        counts.sequentialCalls,
      );
      log(`${counts.sessions} sessions x ${counts.callsPerSession} calls on the instance alone`);
      alone = await measureClusterLoad({
        url: single.instances[0]!.url,
        headers: single.headers,
        recorded: single.calls,
        sessions: counts.sessions,
        callsPerSession: counts.callsPerSession,
        callTimeoutMs: counts.callTimeoutMs,
      });
      await single.close();
      log(`${counts.sessions} sessions x ${counts.callsPerSession} calls through HAProxy, instance b killed and restarted`);
      const haproxy = await startHaproxy({ ports: cluster.instances.map((instance) => instance.port), sticky: true });
      try {
        const calls = counts.sessions * counts.callsPerSession;
        const victim = cluster.instances[1]!;
        balanced = await measureClusterLoad({
          url: haproxy.url,
          headers: cluster.headers,
          recorded: cluster.calls,
          sessions: counts.sessions,
          callsPerSession: counts.callsPerSession,
          callTimeoutMs: counts.callTimeoutMs,
          async chaos(progress, note) {
            const reach = async (share: number): Promise<boolean> => {
              while (progress.finished() < calls * share) {
                if (progress.done()) return false;
                await new Promise((resolve) => setTimeout(resolve, 10));
              }
              return true;
            };
            if (!(await reach(1 / 3))) return;
            await victim.kill();
            note(`instance ${victim.name} killed (SIGKILL) after ${progress.finished()} calls`);
            if (!(await reach(0.6))) return;
            const restarting = performance.now();
            await victim.restart();
            note(
              `instance ${victim.name} started again after ${progress.finished()} calls, ready in ${((performance.now() - restarting) / 1000).toFixed(1)} s`,
            );
          },
        });
      } finally {
        await haproxy.close();
      }
    } finally {
      await single.close();
      await cluster.close();
    }
    log('Redis round trips');
    const roundTrip = await measureStoreRoundTrip(redis.url, counts.pings);
    const results: ClusterBenchResults = {
      date: new Date().toISOString(),
      node: process.version,
      cpu: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown'}`,
      commit: gitCommit(),
      loadAverage,
      overhead,
      alone,
      cluster: balanced,
      roundTrip,
    };
    if (options.resultsFolder !== undefined) {
      mkdirSync(options.resultsFolder, { recursive: true });
      writeFileSync(join(options.resultsFolder, 'cluster.md'), formatClusterReport(results));
      writeFileSync(join(options.resultsFolder, 'cluster.json'), `${JSON.stringify(results, null, 2)}\n`);
    }
    return results;
  } finally {
    await redis.close();
  }
}

/** The markdown report of a cluster benchmark run. */
export function formatClusterReport(results: ClusterBenchResults): string {
  const ms = (value: number): string => value.toFixed(1);
  const ms2 = (value: number): string => value.toFixed(2);
  const row = (setup: string, load: ClusterLoadMeasurement): string =>
    `| ${setup} | ${load.calls.toLocaleString('en-US')} | ${load.answered.toLocaleString('en-US')} | ${load.failedClearly} | ${load.errors} | **${load.lost}** | **${load.doubled}** | ${load.failedButRan} | ` +
    `${ms(load.latency.medianMs)} | ${ms(load.latency.p99Ms)} | ${Math.round(load.calls / (load.wallMs / 1000))} |`;
  const { overhead } = results;
  const problems = [...results.alone.problems, ...results.cluster.problems];
  return [
    '# Gateway cluster: three instances, Redis, HAProxy',
    '',
    `${results.date}, Node ${results.node}, ${results.cpu}, commit ${results.commit}; load average ${results.loadAverage.toFixed(1)} at the start (a shared machine: other work slows every figure).`,
    '`tool-search serve --http` processes in front of a counting MCP server (each records every call it runs); clients are the MCP SDK client over Streamable HTTP, ' +
      `${results.alone.sessions} sessions x ${results.alone.callsPerSession} echo calls at once, each call with its own payload, none retried. ` +
      "The cluster: three instances sharing Debian's redis-server, behind Debian's HAProxy (sticky on Mcp-Session-Id, health checks on /healthz every 200 ms).",
    '',
    '| setup | calls | answered | failed with a clear error | no answer | lost | doubled | failed but ran | p50 ms | p99 ms | calls/s |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    row('one instance alone', results.alone),
    row('three instances behind HAProxy, one killed and restarted', results.cluster),
    '',
    ...results.cluster.notes.map((line) => `- ${line}`),
    '',
    "Lost: answered, yet never run upstream. Doubled: run twice, or answered with another call's payload. Failed with a clear error: in flight on the killed instance, " +
      'answered by another instance with "stopped before it answered ... may or may not have run". No answer: the request itself failed (the connection to the killed instance broke before its stream started). ' +
      'Failed but ran: of those failures, how many had run upstream anyway (why the error says "may or may not").',
    '',
    '## What sharing costs per call',
    '',
    `One session on an instance alone and one on an instance of the cluster (straight to it, no balancer), ${overhead.calls.toLocaleString('en-US')} echo calls each, in turns (so both meet the same load):`,
    '',
    '| instance | p50 ms | p99 ms |',
    '| --- | ---: | ---: |',
    `| alone | ${ms2(overhead.alone.medianMs)} | ${ms2(overhead.alone.p99Ms)} |`,
    `| in a cluster (stream events, session expiry, activity entry written to Redis) | ${ms2(overhead.clustered.medianMs)} | ${ms2(overhead.clustered.p99Ms)} |`,
    '',
    `One Redis round trip (PING over one connection, ${results.roundTrip.samples.toLocaleString('en-US')} in sequence): p50 ${ms2(results.roundTrip.medianMs)} ms, p99 ${ms2(results.roundTrip.p99Ms)} ms. ` +
      "A call waits for none: its stream events, the session's expiry and its activity entry are written in the background, pipelined.",
    ...(problems.length === 0 ? [] : ['', 'First problems:', '', ...problems.map((problem) => `- ${problem}`)]),
    '',
  ].join('\n');
}

/** `npm run bench -- cluster`: `--quick` for small counts. */
export const clusterBench: BenchModule = {
  name: 'gateway cluster: 3 instances x 50 sessions x 200 calls through HAProxy, one killed and restarted, against one instance alone',
  parts: ['cluster'],
  async run({ options, resultsFolder }) {
    const results = await runClusterBench(options.quick ? QUICK_CLUSTER_COUNTS : FULL_CLUSTER_COUNTS, {
      resultsFolder,
      log: (line) => process.stderr.write(`  ${line}\n`),
    });
    process.stdout.write(formatClusterReport(results));
  },
};

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
