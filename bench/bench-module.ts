/** One benchmark that `npm run bench` runs. */
export interface BenchModule {
  /** Shown before it runs. */
  readonly name: string;
  /** Runs the benchmark, prints its report and writes its files; `argv` are the arguments after `--`. */
  readonly run: (argv: readonly string[]) => Promise<void> | void;
}
