import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { liveViewSignInLink, serveHttp, type HttpGateway } from '../../../src/gateway/index.ts';
import { createScratchFolder, MEMORY_SERVER, waitFor, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { launchChromium, makeActivity, openSignedIn } from '../fixtures/live-view-browser-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

/** Tabs a test opens: as many as an HTTP/1.1 browser opens connections to one host. */
const TABS = 6;
/** The page's search timeout here: short, so the test of a search that gets no answer is quick. */
const SEARCH_TIMEOUT_MS = 2_000;

describe('the live view across tabs and outages, in a real headless Chromium', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let browser: Browser;
  let base: URL;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
      },
      scratch.path,
      {},
      { liveView: { maxStreams: TABS, searchTimeoutMs: SEARCH_TIMEOUT_MS } },
    );
    await under.gateway.ready();
    base = under.http.liveViewUrl!;
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await under?.close();
    scratch?.remove();
  });

  /** Signs a new browser profile in and opens `count` tabs of the page in it, each once it loaded. */
  const openTabs = async (context: BrowserContext, count: number, view = under.http.liveView!): Promise<Page[]> => {
    const first = await context.newPage();
    await openSignedIn(first, base, view);
    const pages = [first];
    for (let index = 1; index < count; index++) {
      const page = await context.newPage();
      await page.goto(base.href);
      await page.waitForSelector('body[data-history="loaded"]');
      pages.push(page);
    }
    return pages;
  };
  const search = async (page: Page, query: string): Promise<string> => {
    await page.fill('#search-query', query);
    await page.click('#search-form button');
    await page.waitForSelector('body[data-searched="true"], body[data-searched="error"]');
    return (await page.textContent('#search-summary')) ?? '';
  };
  const ids = (page: Page): Promise<number[]> =>
    page.$$eval('#feed li', (items) => items.map((item) => Number(item.getAttribute('data-id'))));

  test('six tabs of one browser share one stream: every tab is live, searches answer in each, and an entry reaches all', async () => {
    const context = await browser.newContext();
    try {
      const pages = await openTabs(context, TABS);
      for (const page of pages) await page.waitForSelector('body[data-feed="live"]');
      assert.equal(under.http.liveView!.streamCount(), 1);
      assert.deepEqual((await Promise.all(pages.map((page) => page.getAttribute('body', 'data-stream')))).sort(), [
        'leader',
        'shared',
        'shared',
        'shared',
        'shared',
        'shared',
      ]);
      for (const page of pages) assert.match(await search(page, 'read the whole knowledge graph'), /^\d+ of \d+ deferred tools/);
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'seen in every tab' } });
      for (const page of pages) await page.waitForSelector('#feed li >> text=seen in every tab');

      // The leading tab closes while the model works: another takes the stream over from its last id.
      const leading = (await Promise.all(pages.map(async (page) => [page, await page.getAttribute('body', 'data-stream')] as const))).find(
        ([, role]) => role === 'leader',
      )![0];
      const others = pages.filter((page) => page !== leading);
      const closing = leading.close();
      await makeActivity(under.gateway, 20, 3, { searchesOnly: true });
      await closing;
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'after the handover' } });
      for (const page of others) await page.waitForSelector('#feed li >> text=after the handover');
      await waitFor(() => under.http.liveView!.streamCount() === 1, 'one stream again');
      const history = (await (await others[0]!.request.get(new URL('api/history', base).href)).json()) as {
        entries: Array<{ id: number }>;
      };
      const expected = history.entries.map((entry) => entry.id).reverse();
      for (const page of others) assert.deepEqual(await ids(page), expected, 'every entry once, none missing');
    } finally {
      await context.close();
    }
    await waitFor(() => under.http.liveView!.streamCount() === 0, 'the stream to end with the tabs');
  });

  test('without Web Locks each tab follows on its own: a search that gets no connection says why; one browser too many is told to close one', async () => {
    const own = await browser.newContext();
    // A browser without Web Locks: no tab can lead, so each opens its own stream.
    await own.addInitScript('Object.defineProperty(navigator, "locks", { value: undefined })');
    const other = await browser.newContext();
    try {
      const pages = await openTabs(own, TABS);
      for (const page of pages) await page.waitForSelector('body[data-feed="live"][data-stream="own"]');
      assert.equal(under.http.liveView!.streamCount(), TABS);
      // All six connections the browser opens to the host are held by streams: the search waits, then says so.
      assert.match(
        await search(pages[0]!, 'read the graph'),
        /^The search failed: No answer within 2 s\. The browser may have no connection left to the gateway .*close some tabs of this page/,
      );

      const late = await other.newPage();
      await late.goto(liveViewSignInLink(base, under.http.liveView!.signInCode()).href);
      await late.waitForSelector('body[data-feed="full"]');
      assert.match(
        (await late.textContent('#notice-text')) ?? '',
        /^6 browsers already follow this gateway's activity, the most it serves at once \(tabs of one browser share one\): close the page in another browser, then try again \(trying again in 30 s\)/,
      );
      assert.equal(await late.isVisible('#notice-retry'), true);
      await own.close();
      await waitFor(() => under.http.liveView!.streamCount() === 0, 'the six streams to end');
      await late.click('#notice-retry');
      await late.waitForSelector('body[data-feed="live"][data-stale="false"]');
    } finally {
      await own.close();
      await other.close();
    }
  });

  test('after the gateway restarts, the page says it is offline and stale, then that it must sign in again, instead of reconnecting forever', async () => {
    const context = await browser.newContext();
    let restarted: HttpGateway | undefined;
    try {
      const [page] = await openTabs(context, 1);
      await page!.waitForSelector('body[data-feed="live"]');
      const port = Number(base.port);
      await under.http.close();
      await page!.waitForSelector('body[data-feed="offline"][data-stale="true"]');
      assert.match(
        (await page!.textContent('#notice-text')) ?? '',
        /trying again in \d+ s\. What this page shows is as of \d\d:\d\d:\d\d\./,
      );
      // A new run: its sign-ins are its own, so this browser's cookie means nothing to it.
      restarted = await serveHttp(under.gateway, port, { token: 'a-token-for-the-restarted-gateway', liveView: {} });
      await page!.waitForSelector('body[data-feed="signed-out"]');
      assert.match(
        (await page!.textContent('#notice-text')) ?? '',
        /^Not signed in \(the gateway may have restarted, or this browser signed out; a sign-in lasts 12 hours\): sign in with the one-time code/,
      );
      assert.equal(await page!.getAttribute('body', 'data-stale'), 'true');
      assert.equal(await page!.isVisible('#notice-link'), true);
      assert.equal(await page!.textContent('#feed-status'), 'signed out');
    } finally {
      await context.close();
      await restarted?.close();
    }
  });
});
