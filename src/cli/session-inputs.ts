import type { AgentConfig } from '../config/agent-config.ts';
import type { Tool } from '../tools/tool.ts';
import type { CommandOutput } from './output.ts';
import { integerOption, listOption } from './parse-command-line.ts';
import { readAgentConfig, readToolsFile } from './read-input-files.ts';
import { UsageError } from './usage-error.ts';

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
  const toolsets = listOption(values['toolsets']);
  if (toolsets !== undefined) {
    const known = new Set(tools.map((tool) => tool.toolset));
    const unknown = toolsets.filter((toolset) => !known.has(toolset));
    if (unknown.length > 0) {
      output.stderr(`warning: --toolsets names toolsets the tools file does not have: ${unknown.join(', ')} (it has: ${[...known].sort().join(', ')})\n`);
    }
  }
  return { tools, config, contextLength, toolsets };
}
