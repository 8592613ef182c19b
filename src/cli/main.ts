import { ToolSearchError } from '../errors/tool-search-error.ts';
import type { Command } from './command.ts';
import { assembleCommand } from './commands/assemble-command.ts';
import { demoCommand } from './commands/demo-command.ts';
import { inspectCommand } from './commands/inspect-command.ts';
import { searchCommand } from './commands/search-command.ts';
import { serveCommand } from './commands/serve-command.ts';
import { processOutput, type CommandOutput } from './output.ts';
import { UsageError } from './usage-error.ts';
import { messageOf } from '../errors/message-of.ts';

/** Every subcommand, in the order `tool-search --help` lists them. Add a command by adding a line here. */
export const COMMANDS: readonly Command[] = [assembleCommand, searchCommand, demoCommand, serveCommand, inspectCommand];

function overview(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const lines = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return `Usage: tool-search <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'tool-search <command> --help' for a command's options.\n`;
}

/**
 * Runs the CLI and resolves to the exit code: 0 success, 1 a command that ran but failed, 2 a usage or
 * input-file error. Never lets an error escape as a stack trace; set TOOL_SEARCH_DEBUG=1 to see one.
 */
export async function main(argv: readonly string[], output: CommandOutput = processOutput, commands = COMMANDS): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? commands.find((command) => command.name === rest[0]) : undefined;
    output.stdout(topic?.usage ?? overview(commands));
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (command === undefined) {
    output.stderr(`tool-search: unknown command '${name}' (commands: ${commands.map((candidate) => candidate.name).join(', ')})\n`);
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
