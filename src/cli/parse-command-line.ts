import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';
import { firstLineOf, messageOf } from '../errors/message-of.ts';
import { closestKey } from '../config/closest-key.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface ParsedCommandLine {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: readonly string[];
}

/**
 * Strict argv parsing with node's own parser: an unknown flag or a missing value is a UsageError whose
 * one-line message names the flag and the command, with the flag most likely meant. A negative number
 * after a flag that takes a value (`--limit -3`) is that flag's value, so the flag's own check can say
 * what it expects instead of the parser calling it a missing value.
 */
export function parseCommandLine(command: string, argv: readonly string[], options: OptionSpec): ParsedCommandLine {
  const args = joinNegativeNumbers(argv, options);
  try {
    const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: parsed.values as ParsedCommandLine['values'], positionals: parsed.positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = messageOf(error);
    const flag = (/'(-[^' ]*)/.exec(message)?.[1] ?? '').split('=')[0]!;
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      const guess = closestFlag(flag, Object.keys(options));
      const meant = guess === undefined ? '' : ` (did you mean --${guess}?)`;
      throw new UsageError(`unknown option ${flag} for '${command}'${meant}; run 'tool-search ${command} --help' for its options`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      if (/argument missing/.test(message)) throw new UsageError(`option ${flag} of '${command}' needs a value`);
      if (/does not take an argument/.test(message)) {
        throw new UsageError(`option ${flag} of '${command}' is a switch and takes no value; write ${flag} alone`);
      }
      const given = args[args.indexOf(flag) + 1];
      throw new UsageError(
        `option ${flag} of '${command}' expects a value, got the option '${given ?? ''}'; to give a value starting with '-', write ${flag}=VALUE`,
      );
    }
    throw new UsageError(`${command}: ${firstLineOf(error)}`);
  }
}

/** `--limit -3` as `--limit=-3`, for flags that take a value; everything else unchanged. */
function joinNegativeNumbers(argv: readonly string[], options: OptionSpec): string[] {
  const args: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    const next = argv[index + 1];
    if (arg === '--') return [...args, ...argv.slice(index)];
    if (arg.startsWith('--') && options[arg.slice(2)]?.type === 'string' && next !== undefined && /^-\d/.test(next)) {
      args.push(`${arg}=${next}`);
      index++;
    } else {
      args.push(arg);
    }
  }
  return args;
}

/** The option a mistyped flag most likely meant: the closest by spelling, else the only one it begins. */
function closestFlag(flag: string, names: readonly string[]): string | undefined {
  const typed = flag.replace(/^-+/, '');
  if (typed === '') return undefined;
  const close = closestKey(typed, names);
  if (close !== undefined) return close;
  const extended = typed.length >= 3 ? names.filter((name) => name.startsWith(typed.toLowerCase())) : [];
  return extended.length === 1 ? extended[0] : undefined;
}

/** The highest TCP port. */
const MAX_PORT = 65_535;

/** A TCP port option (0 lets the system pick a free one), or a UsageError naming the flag and the range. */
export function portOption(value: string | boolean | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed > MAX_PORT) {
    throw new UsageError(`${flag} expects a port number from 0 to ${MAX_PORT} (0 picks a free port), got '${String(value)}'`);
  }
  return parsed;
}

/** A whole number option, or a UsageError naming the flag and what it expects. */
export function integerOption(value: string | boolean | undefined, flag: string, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = typeof value === 'string' ? Number(value.replace(/[_,]/g, '')) : Number.NaN;
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new UsageError(`${flag} expects a whole number of at least ${min}, got '${String(value)}'`);
  }
  return parsed;
}

/** A comma-separated list option (`--toolsets a,b`), blanks dropped. */
export function listOption(value: string | boolean | undefined): string[] | undefined {
  if (typeof value !== 'string') return undefined;
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
