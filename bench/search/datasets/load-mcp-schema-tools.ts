import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';

interface CapturedTool {
  name: string;
  description?: string;
  inputSchema?: JsonSchema;
}

/** Servers left out of the catalog: a superset capture of another server. */
const SKIPPED_SERVERS: ReadonlySet<string> = new Set(['playwright-all-caps']);

/**
 * Every tool of the real MCP servers under mcp-schemas/: each server's `tools.json`, or, for GitHub's
 * server, its `toolsnaps/*.snap` files (one tool each). Named `mcp_<server>_<tool>` with the server as
 * toolset, the way the gateway names them; the upstream name is kept as `originalName` (what gold
 * labels use).
 */
export function loadMcpSchemaTools(dataRoot: string): Tool[] {
  const folder = join(dataRoot, 'mcp-schemas');
  const tools: Tool[] = [];
  for (const server of readdirSync(folder).sort()) {
    if (SKIPPED_SERVERS.has(server)) continue;
    for (const captured of readServer(join(folder, server))) {
      tools.push({
        name: `mcp_${server}_${captured.name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
        originalName: captured.name,
        description: captured.description ?? '',
        parameters: captured.inputSchema ?? { type: 'object', properties: {} },
        toolset: server,
        kind: 'mcp',
      });
    }
  }
  return tools;
}

function readServer(folder: string): CapturedTool[] {
  const listing = join(folder, 'tools.json');
  if (existsSync(listing)) return (JSON.parse(readFileSync(listing, 'utf8')) as { tools: CapturedTool[] }).tools;
  const snapshots = join(folder, 'toolsnaps');
  if (!existsSync(snapshots)) return [];
  return readdirSync(snapshots)
    .filter((file) => file.endsWith('.snap'))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(snapshots, file), 'utf8')) as CapturedTool);
}
