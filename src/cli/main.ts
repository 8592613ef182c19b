import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Command } from './command.ts';
import { processOutput, type CommandOutput } from './output.ts';
import { UsageError } from './usage-error.ts';
import { messageOf } from '../errors/message-of.ts';
import { didYouMean } from '../config/closest-key.ts';
import { packageVersion } from './package-version.ts';

/** A subcommand by name, its module loaded only when it runs or its help is shown. */
interface CommandModule {
  readonly name: string;
  readonly load: () => Promise<Command>;
}

/**
 * Every subcommand, in the order `tool-search --help` lists them. Add a command by adding a line here.
 * Each is imported when needed: `search` must not load the gateway, the MCP SDK and the YAML parser
 * that `serve` needs (about half a second of module loading before any work).
 */
const COMMAND_MODULES: readonly CommandModule[] = [
  { name: 'assemble', load: async () => (await import('./commands/assemble-command.ts')).assembleCommand },
  { name: 'search', load: async () => (await import('./commands/search-command.ts')).searchCommand },
  { name: 'demo', load: async () => (await import('./commands/demo-command.ts')).demoCommand },
  { name: 'serve', load: async () => (await import('./commands/serve-command.ts')).serveCommand },
  { name: 'inspect', load: async () => (await import('./commands/inspect-command.ts')).inspectCommand },
  { name: 'activity', load: async () => (await import('./commands/activity-command.ts')).activityCommand },
];

/** Every subcommand, loaded (for the overview, which lists each one's summary). */
export async function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_MODULES.map((module) => module.load()));
}

function overview(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: tool-search <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'tool-search <command> --help' for a command's options, 'tool-search --version' for the version.\n`;
}

/**
 * Runs the CLI and resolves to the exit code: 0 success, 1 a command that ran but failed, 2 a usage or
 * input-file error. Never lets an error escape as a stack trace; set TOOL_SEARCH_DEBUG=1 to see one.
 */
export async function main(argv: readonly string[], output: CommandOutput = processOutput, commands?: readonly Command[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    output.stdout(`tool-search ${packageVersion()}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const all = commands ?? (await loadCommands());
    const topic = name === 'help' ? all.find((command) => command.name === rest[0]) : undefined;
    output.stdout(topic?.usage ?? overview(all));
    return 0;
  }
  const command = commands === undefined ? await COMMAND_MODULES.find((candidate) => candidate.name === name)?.load() : commands.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const names = commands?.map((candidate) => candidate.name) ?? COMMAND_MODULES.map((candidate) => candidate.name);
    output.stderr(`tool-search: unknown command '${name}'${didYouMean(name, names)}; commands: ${names.join(', ')}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    output.stdout(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, output);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ToolSearchError) {
      output.stderr(`tool-search ${name}: ${error.message}\n`);
      return 2;
    }
    const message = messageOf(error);
    output.stderr(`tool-search ${name}: unexpected error: ${message}\n`);
    if (process.env['TOOL_SEARCH_DEBUG'] === '1' && error instanceof Error) output.stderr(`${error.stack}\n`);
    return 1;
  }
}
