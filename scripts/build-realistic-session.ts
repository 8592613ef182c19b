/**
 * Builds catalogs/realistic-session.json: a 17-server, 358-tool MCP session from the real schemas in
 * bench/data/mcp-schemas/servers.json.gz (GitHub's toolsnaps plus servers captured from npm; its
 * SOURCE.md says where each comes from). Tool names follow the gateway's convention, mcp_<server>_<tool>.
 *
 *     npx tsx scripts/build-realistic-session.ts [servers.json(.gz)]
 *
 * The optional argument reads another file of the same shape (scripts/pack-bench-data.ts writes one
 * from upstream captures); without it the committed copy is read, so the output is the committed catalog.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCapturedServers, type CapturedTool } from '../bench/search/datasets/read-captured-servers.ts';

const SERVERS = process.argv[2] ?? join(import.meta.dirname, '..', 'bench', 'data', 'mcp-schemas', 'servers.json.gz');
const OUTPUT = join(import.meta.dirname, '..', 'catalogs', 'realistic-session.json');

/** GitHub's own server first (as `github`), then current servers a heavy user might attach; legacy duplicates left out. */
const SESSION_SERVERS: readonly (readonly [folder: string, server: string])[] = [
  ['github-mcp-server', 'github'],
  ...[
    'antv-chart',
    'brave-search',
    'circleci',
    'context7',
    'everything',
    'exa',
    'filesystem',
    'firecrawl',
    'kubernetes',
    'memory',
    'mongodb',
    'notion',
    'playwright',
    'sentry',
    'sequential-thinking',
    'tavily',
  ].map((name) => [name, name] as const),
];

function mcpShape(server: string, tool: CapturedTool) {
  return { name: `mcp_${server}_${tool.name}`, description: tool.description ?? '', inputSchema: tool.inputSchema };
}

const captured = readCapturedServers(SERVERS);
const session: Record<string, unknown[]> = {};
for (const [folder, server] of SESSION_SERVERS) {
  const listing = captured.get(folder);
  if (listing === undefined) throw new Error(`${SERVERS} has no server '${folder}'.`);
  session[`mcp-${server}`] = listing.tools.map((tool) => mcpShape(server, tool));
}
writeFileSync(OUTPUT, `${JSON.stringify(session, null, 1)}\n`);
const count = Object.values(session).reduce((total, tools) => total + tools.length, 0);
console.log(`wrote ${OUTPUT}: ${Object.keys(session).length} servers, ${count} tools`);
