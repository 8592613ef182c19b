import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Command } from './command.ts';
import { processOutput, type CommandOutput } from './output.ts';
import { UsageError } from './usage-error.ts';
import { messageOf } from '../errors/message-of.ts';
import { didYouMean } from '../config/closest-key.ts';
import { packageVersion } from './package-version.ts';

/** A subcommand by name and one-line summary, its module loaded only when it runs or its help is shown. */
interface CommandModule {
  readonly name: string;
  /** One line for the command list (here, so that `--help` loads no command). */
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/**
 * Every subcommand, in the order `tool-search --help` lists them. Add a command by adding a line here.
 * Each is imported when needed: `search` must not load the gateway, the MCP SDK and the YAML parser
 * that `serve` needs (about half a second of module loading before any work), nor `--help` any of them.
 */
const COMMAND_MODULES: readonly CommandModule[] = [
  {
    name: 'assemble',
    summary: 'print the tool array the model would see (what is deferred and why)',
    load: async () => (await import('./commands/assemble-command.ts')).assembleCommand,
  },
  {
    name: 'search',
    summary: 'run tool_search over a tools file, for one query or a JSON Lines file of queries',
    load: async () => (await import('./commands/search-command.ts')).searchCommand,
  },
  {
    name: 'demo',
    summary: 'show Tool Search on a bundled real-world catalog of 17 MCP servers',
    load: async () => (await import('./commands/demo-command.ts')).demoCommand,
  },
  {
    name: 'serve',
    summary: 'run the MCP gateway: Tool Search in front of the MCP servers in a config',
    load: async () => (await import('./commands/serve-command.ts')).serveCommand,
  },
  {
    name: 'inspect',
    summary: "connect to a gateway config's MCP servers and show what the client would see",
    load: async () => (await import('./commands/inspect-command.ts')).inspectCommand,
  },
  {
    name: 'activity',
    summary: "summarise a gateway's activity log: searches that led nowhere, top tools, refusals, latency, tokens saved",
    load: async () => (await import('./commands/activity-command.ts')).activityCommand,
  },
  {
    name: 'learn',
    summary: 'import an activity log into the requests learned from use, or show or forget them',
    load: async () => (await import('./commands/learn-command.ts')).learnCommand,
  },
];

/** The command list of `tool-search --help`: every command of the CLI with its summary. */
function overview(): string {
  const width = Math.max(...COMMAND_MODULES.map((command) => command.name.length));
  const lines = COMMAND_MODULES.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
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
    const topic = name === 'help' && rest[0] !== undefined ? await findCommand(rest[0], commands) : undefined;
    output.stdout(topic?.usage ?? overview());
    return 0;
  }
  const command = await findCommand(name, commands);
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

/** The command called `name`: among `commands` when given (tests), else loaded from its module. */
async function findCommand(name: string, commands: readonly Command[] | undefined): Promise<Command | undefined> {
  if (commands !== undefined) return commands.find((candidate) => candidate.name === name);
  return COMMAND_MODULES.find((candidate) => candidate.name === name)?.load();
}
