import { matchesAnyGlob } from './glob.ts';

/**
 * The runtime's core tools (SPEC.md, "Core tools are never deferred"): always sent directly, whatever
 * toolset they are registered under. Globs are allowed (`browser_*`).
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
