import { CORE_TOOL_NAMES, isCoreToolName } from '../tools/core-tool-names.ts';
import type { Tool } from '../tools/tool.ts';

/**
 * True when a tool may be deferred: it is an MCP or plugin tool and its name is not a core name.
 * Core tools are never deferred (SPEC.md), even when registered under a non-core toolset.
 */
export function isDeferrable(tool: Tool, coreNames: readonly string[] = CORE_TOOL_NAMES): boolean {
  return tool.kind !== 'core' && !isCoreToolName(tool.name, coreNames);
}
