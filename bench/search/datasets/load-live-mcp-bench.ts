import { join } from 'node:path';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';
import { readDataJson } from '../read-data-text.ts';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';

interface LiveServer {
  name: string;
  tools: Record<string, { tools: { name: string; description?: string; inputSchema?: JsonSchema }[] }>;
}

interface LiveTask {
  Question: string;
  'Annotator Metadata': { Tools: string };
}

/**
 * LiveMCPBench (bench/data/livemcpbench/SOURCE.md): the 527 tools of 70 real MCP servers, named the way an MCP
 * client exposes them (`mcp_<server>_<tool>`, toolset = the server key), and the annotated tasks whose
 * gold tool names resolve to a catalog tool (94 of 95).
 */
export function loadLiveMcpBench(dataRoot: string): RetrievalDataset {
  const folder = join(dataRoot, 'livemcpbench');
  const servers = readDataJson(join(folder, 'tools.json.gz')) as LiveServer[];
  const tools: Tool[] = [];
  const names = new Set<string>();
  for (const server of servers) {
    for (const [serverKey, listing] of Object.entries(server.tools)) {
      for (const tool of listing.tools) {
        let name = `mcp_${serverKey}_${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_');
        while (names.has(name)) name += '_';
        names.add(name);
        tools.push({
          name,
          originalName: tool.name,
          description: tool.description ?? '',
          parameters: tool.inputSchema ?? { type: 'object', properties: {} },
          toolset: serverKey,
          kind: 'mcp',
        });
      }
    }
  }
  const known = new Set(tools.map((tool) => tool.originalName ?? tool.name));
  const tasks = readDataJson(join(folder, 'all_annotations.json.gz')) as LiveTask[];
  const queries: RetrievalQuery[] = [];
  for (const task of tasks) {
    const gold = [
      ...new Set(
        task['Annotator Metadata'].Tools.split('\n')
          .map((line) => line.replace(/^\s*\d+[.)]\s*/, '').trim())
          .filter((name) => known.has(name)),
      ),
    ];
    if (gold.length > 0) queries.push({ text: task.Question, gold });
  }
  return { name: 'LiveMCPBench', split: 'held-out', tools, queries };
}
