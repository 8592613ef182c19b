import type { BenchArguments, BenchPart } from './bench-arguments.ts';

/** What one bench module is given when `npm run bench` runs it. */
export interface BenchRun {
  readonly options: BenchArguments;
  /**
   * Where its result files go: bench/results for a full run, a temporary folder for `--quick`, `--out`
   * when given; undefined when it should write none (a partial run prints its tables only).
   */
  readonly resultsFolder: string | undefined;
}

/** One benchmark that `npm run bench` runs. */
export interface BenchModule {
  /** Shown before it runs. */
  readonly name: string;
  /** The parts of `npm run bench -- PART` it serves; it runs when any of them is chosen. */
  readonly parts: readonly BenchPart[];
  /** Runs the benchmark, prints its report and writes its files into `run.resultsFolder`, if any. */
  readonly run: (run: BenchRun) => Promise<void> | void;
}
