/**
 * Captures docs/images/live-view.png: the shipped demo config (three reference MCP servers) served
 * over HTTP in this process, a short model-like exchange through the gateway while the page is open in
 * headless Chromium, then a screenshot. `npx tsx scripts/capture-live-view.ts` (needs /usr/bin/chromium
 * or TOOL_SEARCH_CHROMIUM).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium } from 'playwright-core';
import { readConfigDocument } from '../src/cli/read-input-files.ts';
import { createGateway, createTemporaryFolder, liveViewSignInLink, resolveGatewayConfig, serveHttp } from '../src/gateway/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const configPath = join(root, 'config/default-gateway.yaml');
const output = join(root, 'docs/images/live-view.png');
const temporaryFolder = createTemporaryFolder();
const { config } = resolveGatewayConfig(readConfigDocument(configPath), { configDir: dirname(configPath), tempDir: temporaryFolder.path, env: process.env });
const gateway = createGateway({ config });
gateway.start();
const token = randomBytes(24).toString('hex');
const http = await serveHttp(gateway, 0, { token, liveView: {} });
const client = new Client({ name: 'capture-live-view', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(http.url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
await gateway.ready();
const browser = await chromium.launch({ executablePath: process.env['TOOL_SEARCH_CHROMIUM'] ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  await page.goto(liveViewSignInLink(http.liveViewUrl!, http.liveView!.signInCode()).href);
  await page.waitForSelector('body[data-feed="live"]');
  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  await call('tool_search', { query: 'remember a fact about a person' });
  await call('tool_describe', { name: 'mcp_memory_create_entities' });
  await call('tool_call', { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] } });
  await call('tool_search', { query: 'list files in a folder' });
  await call('tool_call', { name: 'mcp_filesystem_list_directory', arguments: { path: temporaryFolder.path() } });
  await call('tool_search', { query: 'send a fax' });
  await call('tool_call', { name: 'mcp_memory_delete_everything', arguments: {} });
  await page.waitForFunction("document.querySelectorAll('#feed li').length >= 7");
  await page.fill('#search-query', 'add two numbers');
  await page.click('#search-form button');
  await page.waitForSelector('body[data-searched="true"]');
  mkdirSync(dirname(output), { recursive: true });
  await page.screenshot({ path: output, fullPage: true });
  process.stdout.write(`wrote ${output}\n`);
} finally {
  await browser.close();
  await client.close();
  await http.close();
  await gateway.close();
  temporaryFolder.remove();
}
