import type { Tool } from '../tools/tool.ts';

/**
 * True when a tool may be deferred: it comes from an MCP server or a plugin. The rule is about origin,
 * not spelling (docs/behaviour.md, rules 1 and 2): Playwright MCP's `browser_click` and the
 * filesystem server's `read_file` are MCP tools, deferrable like any other; a core tool is never
 * deferred whatever its name. A host keeps a deferrable tool visible with a pin.
 */
export function isDeferrable(tool: Tool): boolean {
  return tool.kind !== 'core';
}
