import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';

interface CapturedServer {
  tools: { name: string; description?: string; inputSchema?: JsonSchema }[];
}

/** Servers left out of the catalog: a superset capture of another server. */
const SKIPPED_SERVERS: ReadonlySet<string> = new Set(['playwright-all-caps']);

/**
 * The hand-written tuning set: every server captured under mcp-schemas/ (one `tools.json` each), named
 * `mcp_<server>_<tool>` with the server as toolset, and the queries of data/hand-written-queries.json.
 * It is a tuning set (like Seal-Tools dev), never reported as held out.
 */
export function loadHandWritten(dataRoot: string): RetrievalDataset {
  const folder = join(dataRoot, 'mcp-schemas');
  const tools: Tool[] = [];
  for (const server of readdirSync(folder).sort()) {
    const path = join(folder, server, 'tools.json');
    if (SKIPPED_SERVERS.has(server) || !existsSync(path)) continue;
    const captured = JSON.parse(readFileSync(path, 'utf8')) as CapturedServer;
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
  const here = dirname(fileURLToPath(import.meta.url));
  const file = JSON.parse(readFileSync(join(here, '..', 'data', 'hand-written-queries.json'), 'utf8')) as {
    queries: RetrievalQuery[];
  };
  return { name: 'Hand-written (MCP)', split: 'tuning', tools, queries: file.queries };
}
