import type { AgentConfig } from '../config/agent-config.ts';
import type { Tool } from '../tools/tool.ts';
import type { CommandOutput } from './output.ts';
import { integerOption, listOption } from './parse-command-line.ts';
import { readAgentConfig, readToolsFile } from './read-input-files.ts';
import { UsageError } from './usage-error.ts';
import { resolveToolsetNames, unknownToolsetsWarning } from '../tools/resolve-toolset-names.ts';

/** What `assemble` and `search` both read: the tools, the config, the context length and the session's toolsets. */
export interface SessionInputs {
  readonly tools: readonly Tool[];
  readonly config: AgentConfig;
  readonly contextLength: number | undefined;
  readonly toolsets: readonly string[] | undefined;
}

export function readSessionInputs(
  values: Record<string, string | boolean | undefined>,
  output: CommandOutput,
): SessionInputs {
  const toolsPath = values['tools'];
  if (typeof toolsPath !== 'string') throw new UsageError('--tools FILE is required (a JSON file mapping toolset names to tool arrays)');
  const tools = readToolsFile(toolsPath);
  const config = readAgentConfig(typeof values['config'] === 'string' ? values['config'] : undefined);
  for (const warning of config.warnings) output.stderr(`warning: ${warning.message}\n`);
  const contextLength = integerOption(values['context-length'], '--context-length', 1) ?? config.contextLength;
  const asked = listOption(values['toolsets']);
  const known = [...new Set(tools.map((tool) => tool.toolset))];
  const resolved = asked === undefined ? undefined : resolveToolsetNames(asked, known);
  if (resolved !== undefined && resolved.unknown.length > 0) {
    output.stderr(`warning: ${unknownToolsetsWarning(resolved.unknown, known, 'the tools file')}\n`);
  }
  return { tools, config, contextLength, toolsets: resolved?.toolsets };
}
