import { join } from 'node:path';
import type { Tool } from '../../../src/tools/tool.ts';
import { readCapturedServers } from './read-captured-servers.ts';

/**
 * Every tool of the real MCP servers under mcp-schemas/ (GitHub's toolsnaps plus servers captured from
 * npm; the all-capabilities Playwright capture, a superset of `playwright`, was left out when packing).
 * Named `mcp_<server>_<tool>` with the server as toolset, the way the gateway names them; the upstream
 * name is kept as `originalName` (what gold labels use).
 */
export function loadMcpSchemaTools(dataRoot: string): Tool[] {
  const tools: Tool[] = [];
  for (const [server, captured] of readCapturedServers(join(dataRoot, 'mcp-schemas', 'servers.json.gz'))) {
    for (const tool of captured.tools) {
      tools.push({
        name: `mcp_${server}_${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
        originalName: tool.name,
        description: tool.description ?? '',
        parameters: tool.inputSchema ?? { type: 'object', properties: {} },
        toolset: server,
        kind: 'mcp',
      });
    }
  }
  return tools;
}
