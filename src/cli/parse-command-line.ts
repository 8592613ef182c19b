import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './usage-error.ts';
import { firstLineOf, messageOf } from '../errors/message-of.ts';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface ParsedCommandLine {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: readonly string[];
}

/**
 * Strict argv parsing with node's own parser: an unknown flag or a missing value is a UsageError whose
 * one-line message names the flag and the command.
 */
export function parseCommandLine(command: string, argv: readonly string[], options: OptionSpec): ParsedCommandLine {
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: parsed.values as ParsedCommandLine['values'], positionals: parsed.positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = messageOf(error);
    const flag = /'(-[^']*)'/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      throw new UsageError(`unknown option ${flag} for '${command}' (run 'tool-search ${command} --help' for its options)`);
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      throw new UsageError(`option ${flag.split(' ')[0] ?? flag} of '${command}' ${/argument missing/.test(message) ? 'needs a value' : 'got a value of the wrong kind'}`);
    }
    throw new UsageError(`${command}: ${firstLineOf(error)}`);
  }
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
