import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { Tool } from '../../src/tools/tool.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';
import { withFreshTexts } from './with-fresh-texts.ts';
import { summarizeTimings, type TimingSummary } from './timing-statistics.ts';

/** A search engine as the speed bench drives it: build an index, then query it. */
export interface SpeedSubject {
  readonly name: string;
  readonly build: (tools: readonly Tool[]) => unknown;
  readonly query: (index: unknown, query: string, limit: number) => unknown;
}

/** Build and query cost of one engine at one catalog size. */
export interface SpeedRow {
  readonly subject: string;
  readonly size: number;
  /** Building the same catalog again: what each tool_search over an unchanged tool list costs. */
  readonly build: TimingSummary;
  /** Building a catalog of texts no build has seen before (withFreshTexts). */
  readonly firstBuild: TimingSummary;
  readonly query: TimingSummary;
  /** Growth of heap plus array buffers while one built index is alive, in MiB (after full collections). */
  readonly memoryMiB: number;
}

/** Catalog sizes measured. */
export const SPEED_SIZES = [10, 100, 1_000, 10_000, 50_000] as const;

/** Builds per size: many for small catalogs (stable medians), few for large ones (time). */
function buildRepetitions(size: number): number {
  if (size <= 1_000) return 200;
  if (size <= 10_000) return 20;
  return 5;
}

/**
 * The timed builds of a size are taken in this many blocks, the engines taking turns block by block, so
 * that a burst of load from elsewhere on a shared machine falls on a part of each engine's samples rather
 * than on all of one engine's.
 */
function buildBlocks(size: number): number {
  return size <= 1_000 ? 5 : 1;
}

/** First builds (fresh texts) per size. */
function firstBuildRepetitions(size: number): number {
  if (size <= 1_000) return 50;
  if (size <= 10_000) return 5;
  return 2;
}

/** Queries timed per size. */
function queryRepetitions(size: number): number {
  return size >= 50_000 ? 100 : 300;
}

/**
 * Times `subjects` on synthesized catalogs of every size in {@link SPEED_SIZES}, all in this process
 * and this run: build (median, p99), query with limit 10 (median, p99, over real queries) and retained
 * memory of one index.
 */
export function measureSpeed(subjects: readonly SpeedSubject[], pool: readonly Tool[], queries: readonly string[]): SpeedRow[] {
  const collect = exposeGarbageCollector();
  const rows: SpeedRow[] = [];
  for (const size of SPEED_SIZES) {
    const tools = synthesizeCatalog(pool, size);
    const buildTimes = timeBuilds(subjects, tools, collect);
    const firstBuildTimes = timeFirstBuilds(subjects, tools, collect);
    subjects.forEach((subject, position) => {
      collect();
      const before = usedMemory();
      const index = subject.build(tools);
      collect();
      const memoryMiB = (usedMemory() - before) / (1024 * 1024);
      const queryTimes: number[] = [];
      const count = queryRepetitions(size);
      for (let round = 0; round < 20; round++) subject.query(index, queries[round % queries.length]!, 10);
      for (let round = 0; round < count; round++) {
        const text = queries[round % queries.length]!;
        const started = performance.now();
        subject.query(index, text, 10);
        queryTimes.push(performance.now() - started);
      }
      const row = {
        subject: subject.name,
        size,
        build: summarizeTimings(buildTimes[position]!),
        firstBuild: summarizeTimings(firstBuildTimes[position]!),
        query: summarizeTimings(queryTimes),
        memoryMiB,
      };
      process.stderr.write(
        `  ${size} tools / ${subject.name}: build ${row.build.medianMs.toFixed(2)} ms (first ${row.firstBuild.medianMs.toFixed(2)}), query ${row.query.medianMs.toFixed(3)} ms\n`,
      );
      rows.push(row);
      // Keep the index alive until its memory was read.
      void index;
    });
  }
  return rows;
}

/** Build times of every subject for one catalog, in the order of `subjects`; see {@link buildBlocks}. */
function timeBuilds(subjects: readonly SpeedSubject[], tools: readonly Tool[], collect: () => void): number[][] {
  const size = tools.length;
  const blocks = buildBlocks(size);
  const perBlock = Math.ceil(buildRepetitions(size) / blocks);
  const times = subjects.map((): number[] => []);
  // Warm-up builds let the JIT settle before timing (one is enough for the slow, large catalogs).
  const warmUps = size <= 1_000 ? 20 : 1;
  for (const subject of subjects) for (let round = 0; round < warmUps; round++) subject.build(tools);
  for (let block = 0; block < blocks; block++) {
    subjects.forEach((subject, position) => {
      // Each engine starts from a collected heap, so that it never pays for the garbage of the one before.
      collect();
      for (let round = 0; round < perBlock; round++) {
        const started = performance.now();
        subject.build(tools);
        times[position]!.push(performance.now() - started);
      }
    });
  }
  return times;
}

/**
 * First-build times of every subject, in the order of `subjects`: each round builds the catalog with
 * texts made new (withFreshTexts, prepared before the clock starts), the engines taking turns.
 */
function timeFirstBuilds(subjects: readonly SpeedSubject[], tools: readonly Tool[], collect: () => void): number[][] {
  const times = subjects.map((): number[] => []);
  const rounds = firstBuildRepetitions(tools.length);
  for (let round = 0; round < rounds; round++) {
    const fresh = withFreshTexts(tools, round);
    subjects.forEach((subject, position) => {
      if (round === 0) collect();
      const started = performance.now();
      subject.build(fresh);
      times[position]!.push(performance.now() - started);
    });
  }
  return times;
}

/** JavaScript heap plus array buffers (typed arrays live outside the heap), in bytes. */
function usedMemory(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/** A function that runs a full garbage collection (enabled at run time, so `tsx` needs no flag). */
function exposeGarbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as (() => void) | undefined;
  // Twice, with a pause: large array buffers are released on a background thread after a collection,
  // and a second pass frees what only the first made unreachable (weak references, finalizers).
  const pause = new Int32Array(new SharedArrayBuffer(4));
  return () => {
    collect?.();
    Atomics.wait(pause, 0, 0, 100);
    collect?.();
  };
}
