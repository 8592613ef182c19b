/**
 * Captures the live view's pictures in docs/images/: the shipped demo config (three reference MCP
 * servers) served over HTTP in this process, a short model-like exchange through the gateway (a search
 * followed by a describe and a call, a call with bad arguments, a read of a file that is not there, an
 * unknown name) while the page is open in headless Chromium, then `live-view.png` (1280 x 860, light,
 * one call's arguments and result open) and `live-view-narrow-dark.png` (390 x 844, dark).
 * `node --import tsx scripts/capture-live-view.ts` (needs /usr/bin/chromium or TOOL_SEARCH_CHROMIUM).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { readConfigDocument } from '../src/cli/read-input-files.ts';
import {
  createGateway,
  createTemporaryFolder,
  liveViewSignInLink,
  resolveGatewayConfig,
  serveHttp,
  type HttpGateway,
} from '../src/gateway/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const configPath = join(root, 'config/default-gateway.yaml');
const images = join(root, 'docs/images');
const temporaryFolder = createTemporaryFolder();
const { config } = resolveGatewayConfig(readConfigDocument(configPath), {
  configDir: dirname(configPath),
  tempDir: temporaryFolder.path,
  env: process.env,
});
const gateway = createGateway({ config });
gateway.start();
const token = randomBytes(24).toString('hex');
const http = await serveHttp(gateway, 0, { token, liveView: {} });
const client = new Client({ name: 'capture-live-view', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(http.url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
await gateway.ready();
const browser = await chromium.launch({
  executablePath: process.env['TOOL_SEARCH_CHROMIUM'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});

/** A signed-in page of the given size and colour scheme, live. */
async function openPage(opened: Browser, served: HttpGateway, width: number, height: number, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await opened.newPage({ viewport: { width, height }, deviceScaleFactor: 1, colorScheme });
  await page.goto(liveViewSignInLink(served.liveViewUrl!, served.liveView!.signInCode()).href);
  await page.waitForSelector('body[data-feed="live"]');
  return page;
}

try {
  const page = await openPage(browser, http, 1280, 860, 'light');
  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  await call('tool_search', { query: 'remember a fact about a person' });
  await call('tool_describe', { name: 'mcp_memory_create_entities' });
  await call('tool_call', { name: 'mcp_memory_create_entities', arguments: { entities: 'Ada likes tea' } });
  await call('tool_call', {
    name: 'mcp_memory_create_entities',
    arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] },
  });
  await call('tool_search', { query: 'read a text file' });
  await call('tool_call', { name: 'mcp_filesystem_read_text_file', arguments: { path: join(temporaryFolder.path(), 'notes.txt') } });
  await call('tool_call', { name: 'mcp_filesystem_list_directory', arguments: { path: temporaryFolder.path() } });
  await call('tool_search', { query: 'send a fax' });
  await call('tool_call', { name: 'mcp_memory_delete_everything', arguments: {} });
  await page.waitForFunction("document.querySelectorAll('#feed li').length >= 9");
  await page.click('#feed li[data-kind="call"][data-outcome="ok"][data-server="memory"] details.payload summary');
  await page.fill('#search-query', 'add two numbers');
  await page.click('#search-form button');
  await page.waitForSelector('body[data-searched="true"]');
  mkdirSync(images, { recursive: true });
  await page.screenshot({ path: join(images, 'live-view.png') });
  const narrow = await openPage(browser, http, 390, 844, 'dark');
  await narrow.waitForFunction("document.querySelectorAll('#feed li').length >= 9");
  await narrow.$eval('#feed-section', (section) => section.scrollIntoView());
  await narrow.screenshot({ path: join(images, 'live-view-narrow-dark.png') });
  process.stdout.write(`wrote ${join(images, 'live-view.png')} and ${join(images, 'live-view-narrow-dark.png')}\n`);
} finally {
  await browser.close();
  await client.close();
  await http.close();
  await gateway.close();
  temporaryFolder.remove();
}
