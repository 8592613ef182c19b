import type Anthropic from '@anthropic-ai/sdk';
import { planNativeTools, type NativeToolPlan } from '../../bridge/native-tool-plan.ts';
import type { ToolSearchSession } from '../../session/tool-search-session.ts';
import type { Tool, ToolDefinition } from '../../tools/tool.ts';

type MessagesTool = Anthropic.Messages.Tool;
type ToolReferenceBlock = Anthropic.Messages.ToolReferenceBlockParam;

/** Options of {@link toAnthropicNativeTools}. */
export interface AnthropicNativeToolsOptions {
  /**
   * A prompt-cache breakpoint, put on the last tool. The last tool is always one the model sees
   * (tool_search when active), since the API refuses `cache_control` on a deferred tool. @default none
   */
  readonly cacheControl?: Anthropic.Messages.CacheControlEphemeral;
}

/**
 * The `tools` parameter of a Messages API request in native mode: the direct tools, then every
 * deferred tool with `defer_loading: true` (the API keeps it out of the model's context until a
 * `tool_reference` names it), then one client tool `tool_search`, answered by
 * `runAnthropicNativeToolUses` with `tool_reference` blocks. Hidden and out-of-scope tools are not in
 * it at all. When Tool Search is not active, the tools are all direct, as in bridge mode.
 * Byte-identical while the session's tools do not change, so the prompt cache keeps hitting.
 */
export function toAnthropicNativeTools(session: ToolSearchSession, options: AnthropicNativeToolsOptions = {}): MessagesTool[] {
  return anthropicNativeTools(planNativeTools(session.assemble()), options);
}

/** {@link toAnthropicNativeTools} for a plan (pure; the CLI prints it with `assemble --format anthropic-native`). */
export function anthropicNativeTools(plan: NativeToolPlan, options: AnthropicNativeToolsOptions = {}): MessagesTool[] {
  const tools: MessagesTool[] = [
    ...plan.direct.map((tool) => anthropicTool(tool)),
    ...plan.deferred.map((tool) => ({ ...anthropicTool(tool), defer_loading: true })),
    ...(plan.search === undefined ? [] : [anthropicTool(plan.search)]),
  ];
  const last = tools.at(-1);
  if (options.cacheControl !== undefined && last !== undefined) tools[tools.length - 1] = { ...last, cache_control: options.cacheControl };
  return tools;
}

/**
 * The content of the `tool_result` answering a native tool_search that found `tools`: one
 * `tool_reference` per tool, best first. The API then loads those tools' definitions for the model.
 */
export function toolReferenceBlocks(tools: readonly Tool[]): ToolReferenceBlock[] {
  return tools.map((tool) => ({ type: 'tool_reference', tool_name: tool.name }));
}

function anthropicTool(tool: ToolDefinition): MessagesTool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: { type: 'object', ...tool.parameters } as MessagesTool['input_schema'],
  };
}
