import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readToolDefinition } from '../../src/adapters/tool-format.ts';
import { parseToolsetMap } from '../../src/tools/parse-toolset-map.ts';
import type { Tool } from '../../src/tools/tool.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** Tools of one captured MCP server, named `mcp_<server>_<tool>` in toolset `mcp-<server>` (the gateway's naming). */
export function mcpServerTools(server: 'memory' | 'filesystem' | 'slack' | 'everything'): Tool[] {
  const file = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'mcp', `${server}.json`), 'utf8')) as { tools: unknown[] };
  return file.tools.map((raw, index) => {
    const definition = readToolDefinition(raw, `${server} #${index}`);
    return {
      ...definition,
      name: `mcp_${server}_${definition.name}`,
      originalName: definition.name,
      toolset: `mcp-${server}`,
      kind: 'mcp',
    };
  });
}

/** The bundled 17-server, 358-tool session. */
export function realisticSession(): Tool[] {
  return parseToolsetMap(JSON.parse(readFileSync(join(ROOT, 'catalogs', 'realistic-session.json'), 'utf8')), 'session');
}

/** A small core toolset like an agent runtime's. */
export function coreTools(): Tool[] {
  const tool = (name: string, description: string, properties: Record<string, unknown>): Tool => ({
    name,
    description,
    parameters: { type: 'object', properties, required: Object.keys(properties) },
    toolset: 'core',
    kind: 'core',
  });
  return [
    tool('terminal', 'Run a shell command and return its output.', { command: { type: 'string' } }),
    tool('read_file', 'Read a text file from the workspace.', { path: { type: 'string' } }),
    tool('web_search', 'Search the web.', { query: { type: 'string' } }),
  ];
}

/** A tool with the given name and description, for tests that need exact control. */
export function makeTool(name: string, description: string, options: Partial<Tool> = {}): Tool {
  return {
    name,
    description,
    parameters: { type: 'object', properties: {} },
    toolset: 'mcp-test',
    kind: 'mcp',
    ...options,
  };
}

export const PROJECT_ROOT = ROOT;
