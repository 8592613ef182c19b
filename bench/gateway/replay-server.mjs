#!/usr/bin/env node
// An MCP server over stdio that offers the tools of one toolset of a tools file (for example the
// bundled catalogs/realistic-session.json, captured from real servers) under their own names, and
// answers every call with a short text. It lets the gateway be measured against a realistic set of
// servers without network access or accounts.
//   node replay-server.mjs <tools-file> <toolset>      e.g. ... catalogs/realistic-session.json mcp-github
import { readFileSync } from 'node:fs';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const [file, toolset] = process.argv.slice(2);
if (file === undefined || toolset === undefined) {
  process.stderr.write('usage: replay-server.mjs <tools-file> <toolset>\n');
  process.exit(2);
}
const catalog = JSON.parse(readFileSync(file, 'utf8'));
const prefix = `mcp_${toolset.replace(/^mcp-/, '')}_`;
const tools = (catalog[toolset] ?? []).map((tool) => ({
  name: tool.name.startsWith(prefix) ? tool.name.slice(prefix.length) : tool.name,
  description: tool.description ?? '',
  inputSchema: tool.parameters ?? tool.inputSchema ?? { type: 'object', properties: {} },
}));
const server = new Server({ name: `replay-${toolset}`, version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request) => ({
  content: [{ type: 'text', text: `${request.params.name} ran with ${JSON.stringify(request.params.arguments ?? {})}` }],
}));
await server.connect(new StdioServerTransport());
