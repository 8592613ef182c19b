import type { CommandOutput } from './output.ts';

/** One `tool-search` subcommand. */
export interface Command {
  readonly name: string;
  /** The full usage text for `tool-search <name> --help`. */
  readonly usage: string;
  /** Runs the command; resolves to the exit code. Throws UsageError for bad invocations or files. */
  run(argv: readonly string[], output: CommandOutput): Promise<number>;
}
