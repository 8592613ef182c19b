import { matchesAnyGlob } from './glob.ts';

/**
 * The names of the runtime's core tools as docs/behaviour.md lists them (globs allowed: `browser_*`). Whether a
 * tool is deferred depends on its origin (`kind: 'core'`), never on its name, so that an MCP server's
 * `browser_click` or `read_file` is deferrable like any MCP tool; this list is for a host deciding which
 * of its own tools to register as core.
 */
export const CORE_TOOL_NAMES: readonly string[] = Object.freeze([
  'terminal',
  'process',
  'read_file',
  'write_file',
  'patch',
  'search_files',
  'todo',
  'memory',
  'browser_*',
  'web_search',
  'web_extract',
  'clarify',
  'execute_code',
  'delegate_task',
  'session_search',
  'send_message',
  'vision_analyze',
  'image_generate',
  'text_to_speech',
  'skills_list',
  'skill_view',
  'skill_manage',
]);

/** True when `name` is one of the core tool names (or matches one of their globs). */
export function isCoreToolName(name: string, coreNames: readonly string[] = CORE_TOOL_NAMES): boolean {
  return matchesAnyGlob(name, coreNames);
}
