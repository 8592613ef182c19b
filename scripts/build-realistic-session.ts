/**
 * Builds catalogs/realistic-session.json: a 17-server, 358-tool MCP session from the real schemas in
 * ../shared/data/mcp-schemas (GitHub's toolsnaps plus servers captured from npm). Tool names follow the
 * gateway's convention, mcp_<server>_<tool>. Run: npx tsx scripts/build-realistic-session.ts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMAS = join(import.meta.dirname, '..', '..', 'shared', 'data', 'mcp-schemas');
const OUTPUT = join(import.meta.dirname, '..', 'catalogs', 'realistic-session.json');

/** Current servers a heavy user might attach; legacy duplicates and the all-capabilities Playwright left out. */
const CAPTURED_SERVERS = [
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
];

interface RawTool {
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

function mcpShape(server: string, tool: RawTool) {
  return { name: `mcp_${server}_${tool.name}`, description: tool.description ?? '', inputSchema: tool.inputSchema };
}

const session: Record<string, unknown[]> = {};
const snaps = join(SCHEMAS, 'github-mcp-server', 'toolsnaps');
session['mcp-github'] = readdirSync(snaps)
  .filter((file) => file.endsWith('.snap'))
  .sort()
  .map((file) => mcpShape('github', JSON.parse(readFileSync(join(snaps, file), 'utf8')) as RawTool));
for (const server of CAPTURED_SERVERS) {
  const captured = JSON.parse(readFileSync(join(SCHEMAS, server, 'tools.json'), 'utf8')) as { tools: RawTool[] };
  session[`mcp-${server}`] = captured.tools.map((tool) => mcpShape(server, tool));
}
writeFileSync(OUTPUT, `${JSON.stringify(session, null, 1)}\n`);
const count = Object.values(session).reduce((total, tools) => total + tools.length, 0);
console.log(`wrote ${OUTPUT}: ${Object.keys(session).length} servers, ${count} tools`);
