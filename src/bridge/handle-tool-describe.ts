import { DEFAULT_MAX_DESCRIBE_TOKENS } from '../config/result-limits.ts';
import { success, type CallOutcome } from '../dispatch/call-outcome.ts';
import { clipEchoedName } from './clip-echoed-name.ts';
import { originalNameOf, type ToolArguments } from '../tools/tool.ts';
import { TOOL_CALL, TOOL_DESCRIBE } from './bridge-tool-names.ts';
import { resolveBridgeTarget } from './resolve-tool-name.ts';
import type { SessionScope } from './session-scope.ts';
import { shortenDescribedTool } from './shorten-described-tool.ts';

/**
 * tool_describe(name): the full definition of one session tool, shortened when it is longer than
 * `maxTokens` estimated tokens, and cut structurally when even what a correct call needs is over
 * `hardMaxTokens`, the most any result may be (see shortenDescribedTool): the answer is always whole JSON.
 */
export function handleToolDescribe(
  scope: SessionScope,
  args: ToolArguments,
  maxTokens: number = DEFAULT_MAX_DESCRIBE_TOKENS,
  hardMaxTokens: number = Number.POSITIVE_INFINITY,
): CallOutcome {
  const resolved = resolveBridgeTarget(scope, args['name'], TOOL_DESCRIBE);
  if (!resolved.ok) return resolved.outcome;
  const { tool } = resolved;
  const described = {
    name: tool.name,
    toolset: tool.toolset,
    tool: clipEchoedName(originalNameOf(tool)),
    description: tool.description,
    parameters: tool.parameters,
    usage: `${TOOL_CALL}({"name": "${tool.name}", "arguments": {...}})`,
  };
  return success(shortenDescribedTool(described, maxTokens, hardMaxTokens));
}
