import type { Tool } from '../../src/tools/tool.ts';
import type { SpeedRow, SpeedSubject } from './measure-speed.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';
import { summarizeTimings } from './timing-statistics.ts';
import { withFreshTexts } from './with-fresh-texts.ts';

/** Catalog sizes of `npm run bench -- --quick`: small enough for seconds, large enough to show the shape. */
export const QUICK_SPEED_SIZES = [100, 1_000] as const;
const BUILDS = 20;
const FIRST_BUILDS = 5;
const QUERIES = 100;

/**
 * A small version of measureSpeed for `--quick`: the same subjects, catalogs and queries, a few timed
 * builds and queries per size and no memory figure (NaN: it needs the full run's forced collections).
 * A smoke run of the speed bench, not figures to report.
 */
export function measureQuickSpeed(subjects: readonly SpeedSubject[], pool: readonly Tool[], queries: readonly string[]): SpeedRow[] {
  const rows: SpeedRow[] = [];
  for (const size of QUICK_SPEED_SIZES) {
    const tools = synthesizeCatalog(pool, size);
    for (const subject of subjects) {
      const builds = timeEach(BUILDS, () => subject.build(tools));
      const firstBuilds = Array.from({ length: FIRST_BUILDS }, (_, round) => withFreshTexts(tools, round));
      const firstBuildTimes = firstBuilds.map((fresh) => timeEach(1, () => subject.build(fresh))[0]!);
      const index = subject.build(tools);
      const queryTimes = timeEach(QUERIES, (round) => subject.query(index, queries[round % queries.length]!, 10));
      const row: SpeedRow = {
        subject: subject.name,
        size,
        build: summarizeTimings(builds),
        firstBuild: summarizeTimings(firstBuildTimes),
        query: summarizeTimings(queryTimes),
        memoryMiB: Number.NaN,
      };
      process.stderr.write(
        `  ${size} tools / ${subject.name}: build ${row.build.medianMs.toFixed(2)} ms, query ${row.query.medianMs.toFixed(3)} ms\n`,
      );
      rows.push(row);
    }
  }
  return rows;
}

function timeEach(count: number, work: (round: number) => unknown): number[] {
  const times: number[] = [];
  for (let round = 0; round < count; round++) {
    const started = performance.now();
    work(round);
    times.push(performance.now() - started);
  }
  return times;
}
