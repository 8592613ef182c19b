import { TOOL_FORMATS, formatTools, type ToolFormat } from '../../adapters/tool-format.ts';
import type { AssemblyResult } from '../../assembly/assemble-tools.ts';
import { createToolSearchSession } from '../../session/tool-search-session.ts';
import type { Command } from '../command.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { readSessionInputs } from '../session-inputs.ts';
import { describeTokenChange } from '../describe-token-change.ts';
import { countOf, formatCount } from '../../text/count-of.ts';
import { planNativeTools } from '../../bridge/native-tool-plan.ts';
import { choiceOption, isNativeFormat, NATIVE_FORMATS, nativeToolsArray } from '../native-format.ts';

const USAGE = `Usage: tool-search assemble --tools FILE [--config FILE] [--context-length N] [--toolsets a,b]
                           [--format openai|anthropic|mcp|anthropic-native|openai-responses-native] [--json]

Prints the tool array the model would see for one step.
  --tools FILE          JSON: {"<toolset>": [tools...]}; "core" is core, "mcp-*" MCP servers, others plugins
  --config FILE         YAML or JSON with tools.tool_search and model.context_length; a gateway
                        config's pin and policy.deny hold as in serve (denied tools are left out)
  --context-length N    the model's context window in tokens (overrides the config)
  --toolsets a,b        limit the session to these toolsets (an MCP server's as mcp-<server> or <server>)
  --format F            shape of the printed tools (default openai); anthropic-native and
                        openai-responses-native print the request's tools array in native mode
                        (deferred tools marked defer_loading, one client tool_search), also without --json
  --json                one JSON object {active, deferred, deferredTokens, thresholdTokens, tools, ...}
`;

export const assembleCommand: Command = {
  name: 'assemble',
  usage: USAGE,
  async run(argv, output) {
    const { values } = parseCommandLine('assemble', argv, {
      tools: { type: 'string' },
      config: { type: 'string' },
      'context-length': { type: 'string' },
      toolsets: { type: 'string' },
      format: { type: 'string' },
      json: { type: 'boolean' },
    });
    const format = choiceOption(values['format'], '--format', [...TOOL_FORMATS, ...NATIVE_FORMATS]) ?? 'openai';
    const inputs = readSessionInputs(values, output);
    // The assembly a session makes, as `serve` makes it: scope, policy.deny and pin included.
    const session = createToolSearchSession({
      tools: inputs.tools,
      ...(inputs.toolsets === undefined ? {} : { toolsets: inputs.toolsets }),
      config: inputs.config.toolSearch,
      ...(inputs.contextLength === undefined ? {} : { contextLength: inputs.contextLength }),
      isPinned: inputs.isPinned,
      isHidden: inputs.isHidden,
      sessionId: 'assemble',
    });
    const result = session.assemble();
    for (const warning of result.warnings) output.stderr(`warning: ${warning}\n`);
    if (isNativeFormat(format)) {
      const tools = nativeToolsArray(planNativeTools(result), format);
      // The native wire shape is the point of these formats: printed whole even without --json.
      output.stdout(
        values['json'] === true
          ? `${JSON.stringify({ ...assemblyJson(result, 'openai'), tools })}\n`
          : `${JSON.stringify(tools, null, 2)}\n`,
      );
    } else if (values['json'] === true) {
      output.stdout(`${JSON.stringify(assemblyJson(result, format))}\n`);
    } else {
      output.stdout(assemblySummary(result));
    }
    return 0;
  },
};

/** The `--json` object: the contract fields first, then details. */
export function assemblyJson(result: AssemblyResult, format: ToolFormat) {
  return {
    active: result.active,
    deferred: result.deferred.length,
    deferredTokens: result.deferredTokens,
    thresholdTokens: result.thresholdTokens,
    tools: formatTools(result.tools, format),
    reason: result.reason,
    tokensBefore: result.tokensBefore,
    tokensAfter: result.tokensAfter,
    deferredTools: result.deferred.map((tool) => tool.name),
  };
}

/** The readable report: decision, counts, tokens before and after, and what was deferred per toolset. */
export function assemblySummary(result: AssemblyResult): string {
  const lines: string[] = [];
  lines.push(`Tool Search is ${result.active ? 'ACTIVE' : 'not active'}: ${result.reason}.`);
  lines.push(
    `Tokens (characters / 4): ${formatCount(result.tokensBefore)} before, ${formatCount(result.tokensAfter)} after` +
      (result.active ? ` (${describeTokenChange(result.tokensBefore, result.tokensAfter)})` : ''),
  );
  lines.push(`The model sees ${countOf(result.tools.length, 'tool')}: ${result.tools.map((tool) => tool.name).join(', ') || '(none)'}`);
  if (result.active) {
    lines.push(`Deferred ${countOf(result.deferred.length, 'tool')} behind tool_search, by toolset:`);
    const byToolset = new Map<string, number>();
    for (const tool of result.deferred) byToolset.set(tool.toolset, (byToolset.get(tool.toolset) ?? 0) + 1);
    const width = Math.max(...[...byToolset.keys()].map((name) => name.length));
    for (const [toolset, count] of [...byToolset].sort(([left], [right]) => (left < right ? -1 : 1))) {
      lines.push(`  ${toolset.padEnd(width)}  ${String(count).padStart(4)} ${count === 1 ? 'tool' : 'tools'}`);
    }
    const kept = result.visible.map((tool) => `${tool.name} (${tool.kind === 'core' ? 'core toolset' : 'core tool name'})`);
    if (kept.length > 0) lines.push(`Kept visible (never deferred): ${kept.join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}
