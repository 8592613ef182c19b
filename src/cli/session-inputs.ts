import type { AgentConfig } from '../config/agent-config.ts';
import { createToolPolicy, describeUnmatched } from '../gateway/tool-policy.ts';
import type { Tool } from '../tools/tool.ts';
import type { CommandOutput } from './output.ts';
import { integerOption, listOption } from './parse-command-line.ts';
import { readCommandConfig, readToolsFile } from './read-input-files.ts';
import { UsageError } from './usage-error.ts';
import { resolveToolsetNames, unknownToolsetsWarning } from '../tools/resolve-toolset-names.ts';

/** What `assemble` and `search` both read: the tools, the config, the context length and the session's toolsets. */
export interface SessionInputs {
  readonly tools: readonly Tool[];
  readonly config: AgentConfig;
  readonly contextLength: number | undefined;
  readonly toolsets: readonly string[] | undefined;
  /**
   * The config's `pin` and `policy.deny`, as `serve` applies them to the same tools (matched under every
   * name a user may write for a tool, case-insensitively): a pinned tool stays in the tool array, a
   * denied one is hidden from the array, the search and its counts. Never, without a config.
   */
  readonly isPinned: (tool: Tool) => boolean;
  readonly isHidden: (tool: Tool) => boolean;
}

export function readSessionInputs(values: Record<string, string | boolean | undefined>, output: CommandOutput): SessionInputs {
  const toolsPath = values['tools'];
  if (typeof toolsPath !== 'string') throw new UsageError('--tools FILE is required (a JSON file mapping toolset names to tool arrays)');
  const tools = readToolsFile(toolsPath);
  const read = readCommandConfig(typeof values['config'] === 'string' ? values['config'] : undefined);
  for (const warning of read.warnings) output.stderr(`warning: ${warning.message}\n`);
  const policy = createToolPolicy(read.policy);
  for (const pattern of policy.unmatched(tools)) output.stderr(`warning: ${describeUnmatched(pattern, tools.length, 'the tools file')}\n`);
  const contextLength = integerOption(values['context-length'], '--context-length', 1) ?? read.agent.contextLength;
  const asked = listOption(values['toolsets']);
  const known = [...new Set(tools.map((tool) => tool.toolset))];
  const resolved = asked === undefined ? undefined : resolveToolsetNames(asked, known);
  if (resolved !== undefined && resolved.unknown.length > 0) {
    output.stderr(`warning: ${unknownToolsetsWarning(resolved.unknown, known, 'the tools file')}\n`);
  }
  return {
    tools,
    config: read.agent,
    contextLength,
    toolsets: resolved?.toolsets,
    isPinned: (tool) => policy.flags(tool).pinnedBy !== undefined,
    isHidden: (tool) => policy.flags(tool).deniedBy !== undefined,
  };
}
