/** Names of the three bridge tools (docs/behaviour.md, rules 4 to 8). */
export const TOOL_SEARCH = 'tool_search';
export const TOOL_DESCRIBE = 'tool_describe';
export const TOOL_CALL = 'tool_call';

export const BRIDGE_TOOL_NAMES: readonly string[] = Object.freeze([TOOL_SEARCH, TOOL_DESCRIBE, TOOL_CALL]);

export function isBridgeToolName(name: string): boolean {
  return BRIDGE_TOOL_NAMES.includes(name);
}
