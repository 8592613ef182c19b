import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createScratchFolder, MEMORY_SERVER, waitFor, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

/** Debian's chromium: .ci/run installs it when it is missing. */
const CHROMIUM = process.env['TOOL_SEARCH_CHROMIUM'] ?? '/usr/bin/chromium';
/** A literal value in a server's env: a secret the page must never show. */
const SECRET = 'live-view-secret-value-0123456789';
const SECRET_SHOWN_AS = '<mcp_servers.memory.env.LIVE_VIEW_API_KEY>';

describe('the live view in a real headless Chromium', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let browser: Browser;
  let token: string;
  let base: string;

  before(async () => {
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}: install it (apt-get install -y chromium; .ci/run does) or set TOOL_SEARCH_CHROMIUM`);
    scratch = createScratchFolder();
    token = randomBytes(24).toString('hex');
    const document = {
      tools: { tool_search: { enabled: 'on' } },
      mcp_servers: {
        memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl', LIVE_VIEW_API_KEY: SECRET } },
      },
    };
    under = await startHttpGateway(document, scratch.path, {}, { token, liveView: { token } });
    await under.gateway.ready();
    base = `http://127.0.0.1:${under.http.url.port}/`;
    // Root in CI: Chromium's sandbox needs user namespaces a container may not give.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  after(async () => {
    await browser?.close();
    await under?.close();
    scratch?.remove();
  });

  /** A fresh browser profile: no cookie from an earlier test. */
  const withContext = async (run: (context: BrowserContext, page: Page) => Promise<void>): Promise<void> => {
    const context = await browser.newContext();
    try {
      await run(context, await context.newPage());
    } finally {
      await context.close();
    }
  };

  test('refuses the page, its script and its API without the token', async () => {
    await withContext(async (context, page) => {
      const response = await page.goto(base);
      assert.equal(response?.status(), 401);
      assert.match(await page.textContent('body') ?? '', /This page needs the token: open the URL the gateway printed at start/);
      for (const path of ['live-view.js', 'api/state', 'api/search?q=graph', 'api/events']) {
        const refused = await context.request.get(`${base}${path}`);
        assert.equal(refused.status(), 401, path);
      }
    });
  });

  test('refuses a wrong token and sets no cookie', async () => {
    await withContext(async (context, page) => {
      const response = await page.goto(`${base}?token=${token.slice(0, -1)}x`);
      assert.equal(response?.status(), 401);
      assert.match(await page.textContent('body') ?? '', /The token in this URL is wrong/);
      assert.deepEqual(await context.cookies(), []);
    });
  });

  test('signs in with the token: an HttpOnly SameSite=Strict cookie, and the token leaves the address bar', async () => {
    await withContext(async (context, page) => {
      const response = await page.goto(under.http.liveViewUrl!.href);
      assert.equal(response?.status(), 200);
      assert.equal(page.url(), base);
      const [cookie, ...others] = await context.cookies();
      assert.equal(others.length, 0);
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.notEqual(cookie?.value, token, 'the cookie is not the bearer token itself');
      await page.waitForSelector('#servers tr[data-server="memory"] .status.connected');
      assert.match(await page.textContent('#servers tr[data-server="memory"]') ?? '', /memory\s*connected\s*\d+/);
      assert.deepEqual(await page.$$eval('#visible-tools li', (items) => items.map((item) => item.textContent)), ['tool_search', 'tool_describe', 'tool_call']);
      // The cookie opens the page, never the MCP endpoint.
      const mcp = await context.request.post(under.http.url.href, { data: {}, headers: { 'content-type': 'application/json' } });
      assert.equal(mcp.status(), 401);
    });
  });

  test('shows a search and the call that followed it, made through the gateway while the page is open, without the secret', async () => {
    await withContext(async (_context, page) => {
      await page.goto(under.http.liveViewUrl!.href);
      // Subscribed before the model acts: the page marks the feed live on the stream's first event.
      await page.waitForSelector('body[data-feed="live"]');
      await under.client.callTool({ name: 'tool_search', arguments: { query: `create entities in the knowledge graph ${SECRET}` } });
      await under.client.callTool({
        name: 'tool_call',
        arguments: { name: 'mcp_memory_create_entities', arguments: { entities: [{ name: 'live view', entityType: 'test', observations: ['seen'] }] } },
      });
      const call = await page.waitForSelector('#feed li[data-kind="call"]');
      assert.match(await call.textContent() ?? '', /mcp_memory_create_entities\s*ok\s*\d+ ms via tool_call · memory/);
      const search = await page.waitForSelector('#feed li[data-kind="search"][data-followed="true"]');
      const searchText = (await search.textContent()) ?? '';
      assert.match(searchText, /called #\d+ mcp_memory_create_entities/);
      assert.ok(searchText.includes(SECRET_SHOWN_AS), searchText);
      assert.ok(!(await page.content()).includes(SECRET), 'the page never shows the secret');
    });
  });

  test('the search box runs tool_search over the current catalog, and the model never sees it', async () => {
    await withContext(async (_context, page) => {
      await page.goto(under.http.liveViewUrl!.href);
      await page.waitForSelector('body[data-feed="live"]');
      const before = await page.$$('#feed li');
      await page.fill('#search-query', 'read the whole knowledge graph');
      await page.click('#search-form button');
      await page.waitForSelector('body[data-searched="true"]');
      const names = await page.$$eval('#search-results li .tool', (items) => items.map((item) => item.textContent));
      assert.equal(names[0], 'mcp_memory_read_graph');
      assert.match(await page.textContent('#search-summary') ?? '', /of \d+ deferred tools/);
      // A search from the page is not the model's: no feed line (a call made after it shows up first).
      await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_memory_read_graph', arguments: {} } });
      await page.waitForSelector('#feed li[data-kind="call"]');
      assert.equal((await page.$$('#feed li')).length, before.length + 1);
      assert.equal(await page.$$eval('#feed li', (items) => items[0]?.getAttribute('data-kind')), 'call');
    });
  });

  test('stops following the activity once the page is closed: the feed then has no subscriber', async () => {
    await withContext(async (_context, page) => {
      await page.goto(under.http.liveViewUrl!.href);
      await page.waitForSelector('body[data-feed="live"]');
      // Streams of pages closed by earlier tests may still be ending.
      await waitFor(() => under.gateway.activitySubscriberCount() === 1, 'this page to be the only follower');
    });
    await waitFor(() => under.gateway.activitySubscriberCount() === 0, 'the stream to end with the page');
  });
});
