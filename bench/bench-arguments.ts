import { didYouMean } from '../src/config/closest-key.ts';

/** The parts `npm run bench` can run, in the order it runs them. */
export const BENCH_PARTS = ['quality', 'speed', 'gateway', 'trust', 'cluster'] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** What `npm run bench -- ...` asked for, every field set. */
export interface BenchArguments {
  readonly help: boolean;
  /** A small but real run of every chosen part; its files go to a temporary folder (or `out`), never bench/results. */
  readonly quick: boolean;
  /** The parts to run: those named, else all. */
  readonly parts: ReadonlySet<BenchPart>;
  /** Quality on the data sets whose name contains this (letters and digits compared, case-insensitive). */
  readonly set: string | undefined;
  /** Where result files go instead of bench/results (a full run) or a temporary folder (`--quick`). */
  readonly out: string | undefined;
  /**
   * An OpenAI-compatible embeddings endpoint and model (`--embeddings-url`, `--embeddings-model`): the
   * quality part then adds ours with meaning from it, and the speed part times search by meaning.
   * Undefined: words only, and nothing leaves the machine.
   */
  readonly embeddings: { readonly url: string; readonly model: string } | undefined;
  readonly gatewayRounds: number | undefined;
  readonly trustSeed: number | undefined;
  readonly fuzzCalls: number | undefined;
  readonly fuzzConfigs: number | undefined;
}

export type BenchArgumentsResult = { readonly ok: true; readonly value: BenchArguments } | { readonly ok: false; readonly message: string };

const SWITCHES = ['--help', '--quick', '--skip-speed', '--skip-quality'] as const;
const NUMBER_OPTIONS = ['--gateway-rounds', '--trust-seed', '--fuzz-calls', '--fuzz-configs'] as const;
const TEXT_OPTIONS = ['--set', '--out', '--embeddings-url', '--embeddings-model'] as const;
const TEXT_EXAMPLES: Record<(typeof TEXT_OPTIONS)[number], string> = {
  '--set': 'bfcl',
  '--out': 'DIR',
  '--embeddings-url': 'http://127.0.0.1:11434/v1',
  '--embeddings-model': 'nomic-embed-text',
};
const KNOWN = [...SWITCHES, ...NUMBER_OPTIONS, ...TEXT_OPTIONS, '-h', ...BENCH_PARTS];

/** The text `npm run bench -- --help` prints. */
export const BENCH_HELP = `Usage: npm run bench -- [PART ...] [options]

Runs the benchmarks offline, on the public data sets in bench/data. With no PART it runs all five and
writes bench/results/ (the committed results).

Parts:
  quality              search quality (recall@1/5, MRR) of ours, plain BM25 and MiniSearch on every data
                       set, plus ours with meaning from an embeddings endpoint when one is given
  speed                index build, query time and memory from 10 to 50,000 tools against MiniSearch,
                       and whole-process timings of the CLI
  gateway              latency tool-search serve adds per tool call; what a client sees of the
                       17-server session
  trust                the gateway under a 1,000,000-character name, many HTTP sessions, the worst
                       requests a hostile upstream allows (a bystander timed meanwhile), fuzzed calls
                       and configs
  cluster              three gateway instances sharing Redis behind HAProxy, one killed and restarted
                       mid-run, against one instance alone; what a Redis round trip adds per call
                       (needs Debian's redis-server and haproxy)

Options:
  --quick              a small but real run of each part (about 300 queries over the held-out sets with
                       the words rankers, speed at 100 and 1,000 tools, 50 gateway rounds, small trust
                       counts); writes to a new temporary folder, never bench/results
  --set=NAME           quality on one data set only, e.g. --set=bfcl, --set=seal-tools, --set=metatool,
                       --set=livemcpbench, --set="mcp requests"; a name part matches every set that has it
  --out=DIR            write result files to DIR
  --embeddings-url=URL --embeddings-model=NAME
                       an OpenAI-compatible embeddings endpoint (a local one keeps the run offline, e.g.
                       http://127.0.0.1:11434/v1 and nomic-embed-text): adds ours with meaning from it
                       to the quality table and times search by meaning; without it, words only
  --gateway-rounds=N   timed gateway rounds (default 2,000; --quick 50)
  --trust-seed=N --fuzz-calls=N --fuzz-configs=N   trust bench seed and fuzz counts
  --help, -h           this text

A run of some parts, or of one set, prints its tables and writes only with --out.`;

/** Parses the arguments after `npm run bench --`; an unknown or malformed one is an error naming it. */
export function parseBenchArguments(argv: readonly string[]): BenchArgumentsResult {
  const switches = new Set<string>();
  const numbers = new Map<string, number>();
  const texts = new Map<string, string>();
  const parts = new Set<BenchPart>();
  for (const argument of argv) {
    const [flag, value] = splitFlag(argument);
    if ((BENCH_PARTS as readonly string[]).includes(argument)) parts.add(argument as BenchPart);
    else if (argument === '-h') switches.add('--help');
    else if ((SWITCHES as readonly string[]).includes(flag)) {
      if (value !== undefined) return failure(`${flag} takes no value`);
      switches.add(flag);
    } else if ((NUMBER_OPTIONS as readonly string[]).includes(flag)) {
      const number = Number(value);
      if (value === undefined || value.trim() === '' || !Number.isSafeInteger(number) || number < 0)
        return failure(`${flag} needs a whole number, as in ${flag}=100`);
      numbers.set(flag, number);
    } else if ((TEXT_OPTIONS as readonly string[]).includes(flag)) {
      if (value === undefined || value === '')
        return failure(`${flag} needs a value, as in ${flag}=${TEXT_EXAMPLES[flag as (typeof TEXT_OPTIONS)[number]]}`);
      texts.set(flag, value);
    } else if (flag === '--skip-meaning') {
      return failure(
        '--skip-meaning was removed with the bundled sentence encoder: the bench ranks by words alone unless --embeddings-url and --embeddings-model name an endpoint',
      );
    } else {
      const kind = argument.startsWith('-') ? 'option' : 'part';
      return failure(`unknown ${kind} '${argument}'${didYouMean(flag, KNOWN)}`);
    }
  }
  const chosen = parts.size > 0 ? parts : new Set<BenchPart>(BENCH_PARTS);
  if (switches.has('--skip-speed')) chosen.delete('speed');
  if (switches.has('--skip-quality')) chosen.delete('quality');
  if (texts.has('--set') && !chosen.has('quality')) return failure('--set chooses a data set for the quality part, which is not run');
  if (chosen.size === 0) return failure('nothing to run: every part was skipped');
  const embeddingsUrl = texts.get('--embeddings-url');
  const embeddingsModel = texts.get('--embeddings-model');
  if ((embeddingsUrl === undefined) !== (embeddingsModel === undefined))
    return failure('--embeddings-url and --embeddings-model go together');
  return {
    ok: true,
    value: {
      help: switches.has('--help'),
      quick: switches.has('--quick'),
      parts: texts.has('--set') && parts.size === 0 ? new Set<BenchPart>(['quality']) : chosen,
      set: texts.get('--set'),
      out: texts.get('--out'),
      embeddings: embeddingsUrl === undefined || embeddingsModel === undefined ? undefined : { url: embeddingsUrl, model: embeddingsModel },
      gatewayRounds: numbers.get('--gateway-rounds'),
      trustSeed: numbers.get('--trust-seed'),
      fuzzCalls: numbers.get('--fuzz-calls'),
      fuzzConfigs: numbers.get('--fuzz-configs'),
    },
  };
}

/** Whether a run writes bench/results: all five parts, every set, not quick. */
export function isFullRun(options: BenchArguments): boolean {
  return !options.quick && options.set === undefined && BENCH_PARTS.every((part) => options.parts.has(part));
}

function splitFlag(argument: string): [string, string | undefined] {
  const equals = argument.indexOf('=');
  return equals < 0 ? [argument, undefined] : [argument.slice(0, equals), argument.slice(equals + 1)];
}

function failure(message: string): BenchArgumentsResult {
  return { ok: false, message: `npm run bench: ${message}. See npm run bench -- --help.` };
}
