import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { liveViewSignInLink } from '../../../src/gateway/index.ts';
import { createScratchFolder, MEMORY_SERVER, SCRIPTED_SERVER, waitFor, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { launchChromium, makeActivity, openSignedIn } from '../fixtures/live-view-browser-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

// The page's globals, for the functions run in it: the project's TypeScript lib has no DOM.
declare const document: {
  readonly body: { readonly dataset: Record<string, string | undefined> };
  getElementById(id: string): { readonly textContent: string | null } | null;
};
declare function getComputedStyle(element: unknown): { readonly borderLeftColor: string; readonly color: string };

/** A literal value in a server's env: a secret the page must never show. */
const SECRET = 'live-view-secret-value-0123456789';
const SECRET_SHOWN_AS = '<mcp_servers.memory.env.LIVE_VIEW_API_KEY>';

describe('the live view in a real headless Chromium', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let browser: Browser;
  let base: URL;

  before(async () => {
    scratch = createScratchFolder();
    // The log of an earlier run, whose client had a name: the page starts from it.
    const log = join(scratch.path, 'activity.jsonl');
    writeFileSync(
      log,
      `${[
        {
          event: 'tools',
          time: '2026-01-01T09:00:00.000Z',
          session: 'earlier',
          active: true,
          tools_before: 19,
          tools_after: 3,
          tokens_before: 1_500,
          tokens_after: 250,
        },
        {
          event: 'search',
          time: '2026-01-01T09:00:01.000Z',
          session: 'earlier',
          client: 'alice',
          query: 'an earlier search',
          results: ['mcp_memory_read_graph'],
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n')}\n`,
    );
    const document = {
      tools: { tool_search: { enabled: 'on' } },
      activity_log: log,
      mcp_servers: {
        memory: {
          command: process.execPath,
          args: [MEMORY_SERVER],
          env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl', LIVE_VIEW_API_KEY: SECRET },
        },
        scripted: { command: process.execPath, args: [SCRIPTED_SERVER] },
      },
    };
    under = await startHttpGateway(document, scratch.path, {}, { liveView: {} });
    await under.gateway.ready();
    base = under.http.liveViewUrl!;
    browser = await launchChromium();
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
  const feedTexts = (page: Page): Promise<string[]> => page.$$eval('#feed li', (items) => items.map((item) => item.textContent ?? ''));

  test('serves nothing but the sign-in form without a sign-in: not the page, its script or its API', async () => {
    await withContext(async (context, page) => {
      const response = await page.goto(base.href);
      assert.equal(response?.status(), 401);
      assert.match(
        (await page.textContent('#sign-in-message')) ?? '',
        /Not signed in .*: sign in with the one-time code the gateway printed last/,
      );
      for (const path of ['live-view.js', 'api/state', 'api/history', 'api/search?q=graph', 'api/events']) {
        assert.equal((await context.request.get(new URL(path, base).href)).status(), 401, path);
      }
      await page.fill('#sign-in-code', 'ABCD-EFGH-JKMN-PQRS-TVWX');
      await page.click('#sign-in-form button');
      assert.match((await page.textContent('#sign-in-message')) ?? '', /This code is wrong/);
      assert.deepEqual(await context.cookies(), []);
    });
  });

  test('signs in with the code typed into the form: a cookie of its own (HttpOnly, SameSite=Strict, expiring) that never opens /mcp; signing out ends it', async () => {
    await withContext(async (context, page) => {
      await page.goto(base.href);
      await page.fill('#sign-in-code', under.http.liveView!.signInCode());
      await page.click('#sign-in-form button');
      await page.waitForSelector('body[data-feed="live"]');
      assert.equal(page.url(), base.href, 'the code never reaches the address bar');
      const [cookie, ...others] = await context.cookies();
      assert.equal(others.length, 0);
      assert.equal(cookie?.httpOnly, true);
      assert.equal(cookie?.sameSite, 'Strict');
      assert.ok(
        cookie !== undefined && cookie.expires > Date.now() / 1000 + 11 * 3600 && cookie.expires < Date.now() / 1000 + 13 * 3600,
        `expires ${cookie?.expires}`,
      );
      await page.waitForSelector('#servers tr[data-server="memory"] .status.connected');
      assert.deepEqual(await page.$$eval('#visible-tools li', (items) => items.map((item) => item.textContent)), [
        'tool_search',
        'tool_describe',
        'tool_call',
      ]);
      const mcp = await context.request.post(under.http.url.href, { data: {}, headers: { 'content-type': 'application/json' } });
      assert.equal(mcp.status(), 401);

      await page.click('#sign-out button');
      await page.waitForSelector('#sign-in-form');
      assert.match((await page.textContent('#sign-in-message')) ?? '', /^Signed out\./);
      assert.deepEqual(await context.cookies(), []);
      assert.equal((await context.request.get(new URL('api/state', base).href)).status(), 401);
    });
  });

  test('starts from the activity log and keeps the feed across a reload, showing the client when entries name one', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      await page.waitForSelector('body[data-history="loaded"]');
      const earlier = await page.waitForSelector('#feed li[data-client="alice"]');
      assert.match((await earlier.textContent()) ?? '', /client alice.*an earlier search/);
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'read the whole graph' } });
      await page.waitForSelector('#feed li[data-kind="search"] >> text=read the whole graph');
      const before = await feedTexts(page);
      await page.reload();
      await page.waitForSelector('body[data-history="loaded"]');
      assert.deepEqual(await feedTexts(page), before);
      await page.selectOption('#filter-client', 'alice');
      assert.deepEqual(await page.$$eval('#feed li:not([hidden])', (items) => items.map((item) => item.getAttribute('data-client'))), [
        'alice',
      ]);
    });
  });

  test('shows a search and the call that followed it with its redacted arguments and result, a timing bar, and no secret anywhere', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      await under.client.callTool({ name: 'tool_search', arguments: { query: `create entities in the knowledge graph ${SECRET}` } });
      await under.client.callTool({
        name: 'tool_call',
        arguments: {
          name: 'mcp_memory_create_entities',
          arguments: { entities: [{ name: 'live view', entityType: 'test', observations: [`seen with ${SECRET}`] }] },
        },
      });
      const call = await page.waitForSelector('#feed li[data-kind="call"][data-server="memory"]');
      assert.match((await call.textContent()) ?? '', /mcp_memory_create_entities\s*ok\s*\d+ ms via tool_call · memory/);
      assert.ok(((await call.$eval('.timing .fill', (fill) => fill.getBoundingClientRect().width)) ?? 0) > 0);
      const [argumentsSummary, resultSummary] = await call.$$('details.payload summary');
      await argumentsSummary!.click();
      const shown = (await call.$eval('details.payload[open] pre', (pre) => pre.textContent)) ?? '';
      assert.deepEqual(JSON.parse(shown), {
        entities: [{ name: 'live view', entityType: 'test', observations: [`seen with ${SECRET_SHOWN_AS}`] }],
      });
      const search = await page.waitForSelector('#feed li[data-kind="search"][data-followed="true"]');
      const searchText = (await search.textContent()) ?? '';
      assert.match(searchText, /called #\d+ mcp_memory_create_entities/);
      assert.ok(searchText.includes(SECRET_SHOWN_AS), searchText);
      await resultSummary!.click();
      assert.ok(!(await page.content()).includes(SECRET), 'the page never shows the secret');
      // The header and the model card count what those requests did not carry.
      const history = (await (await page.request.get(new URL('api/history', base).href)).json()) as { saved_tokens: number };
      await page.waitForFunction(
        (saved) => document.getElementById('saved-total')?.textContent === `${saved.toLocaleString('en-US')} tokens saved`,
        history.saved_tokens,
      );
    });
  });

  test('tells a refusal of the model’s bad arguments from a tool that failed, and filters by outcome, kind and server', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_echo', arguments: { text: 7 } } });
      await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_fail', arguments: {} } });
      const refused = await page.waitForSelector('#feed li[data-outcome="bad-request"]');
      const failed = await page.waitForSelector('#feed li[data-outcome="tool-error"]');
      assert.match((await refused.textContent()) ?? '', /mcp_scripted_echo\s*bad request, no tool ran \(invalid_arguments\)/);
      assert.match((await failed.textContent()) ?? '', /mcp_scripted_fail\s*tool failed/);
      const colours = async (item: typeof refused) =>
        item.evaluate((node) => [getComputedStyle(node).borderLeftColor, getComputedStyle(node.querySelector('.outcome')!).color]);
      const [refusedColours, failedColours] = [await colours(refused), await colours(failed)];
      assert.notEqual(refusedColours[0], failedColours[0]);
      assert.notEqual(refusedColours[1], failedColours[1]);
      await page.selectOption('#filter-outcome', 'bad-request');
      assert.deepEqual(
        await page.$$eval('#feed li:not([hidden])', (items) => [...new Set(items.map((item) => item.getAttribute('data-outcome')))]),
        ['bad-request'],
      );
      await page.selectOption('#filter-outcome', '');
      await page.selectOption('#filter-kind', 'call');
      await page.selectOption('#filter-server', 'scripted');
      const shown = await page.$$eval('#feed li:not([hidden])', (items) =>
        items.map((item) => `${item.getAttribute('data-kind')} ${item.getAttribute('data-server')}`),
      );
      assert.ok(shown.length >= 2 && shown.every((line) => line === 'call scripted'), shown.join(', '));
      assert.match((await page.textContent('#feed-count')) ?? '', /^\d+ of \d+ shown \(filtered\)$/);
    });
  });

  test('holds new entries while the reader is scrolled down, so the reading position does not move, and shows them on request', async () => {
    await withContext(async (_context, page) => {
      await page.setViewportSize({ width: 1280, height: 700 });
      await openSignedIn(page, base, under.http.liveView!);
      await makeActivity(under.gateway, 30);
      await page.waitForFunction(() => Number(document.body.dataset.feedItems) >= 30);
      await page.$eval('#feed-scroll', (scroller) => void (scroller.scrollTop = 400));
      const read = await page.$eval(
        '#feed li:nth-child(8)',
        (item) => [item.getAttribute('data-id'), item.getBoundingClientRect().top] as const,
      );
      await makeActivity(under.gateway, 6);
      await page.waitForSelector('#feed-pending:not([hidden])');
      await page.waitForFunction(() =>
        document.getElementById('feed-pending')?.textContent?.startsWith('6 new events (held while you read)'),
      );
      const now = await page.$eval(`#feed li[data-id="${read[0]}"]`, (item) => item.getBoundingClientRect().top);
      assert.equal(now, read[1]);
      await page.click('#feed-pending');
      await page.waitForSelector('#feed-pending', { state: 'hidden' });
      assert.equal(await page.$eval('#feed-scroll', (scroller) => scroller.scrollTop), 0);
      // Pause holds them at the top too.
      await page.click('#pause');
      await makeActivity(under.gateway, 2);
      await page.waitForFunction(() => document.getElementById('feed-pending')?.textContent?.startsWith('2 new events (paused)'));
    });
  });

  test('marks the data stale while the stream is down, and replays what happened meanwhile from its last event id', async () => {
    await withContext(async (_context, page) => {
      // The stream cannot connect: the page shows its history, goes offline and keeps retrying.
      await page.route('**/api/events', (route) => route.abort());
      await page.goto(liveViewSignInLink(base, under.http.liveView!.signInCode()).href);
      await page.waitForSelector('body[data-feed="offline"][data-stale="true"]');
      assert.match(
        (await page.textContent('#notice-text')) ?? '',
        /The gateway is not answering \(stopped, or restarting\?\); trying again in \d+ s\. What this page shows is as of \d\d:\d\d:\d\d\./,
      );
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'made while the page was offline' } });
      await page.unroute('**/api/events');
      await page.waitForSelector('#feed li >> text=made while the page was offline');
      await page.waitForSelector('body[data-feed="live"][data-stale="false"]');
      assert.equal(await page.isHidden('#notice'), true);
    });
  });

  test('after a burst of 2,000 entries over 300 sessions keeps 200 items, says the list is capped, and remembers no more searches than it shows', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      await makeActivity(under.gateway, 2_000, 300, { searchesOnly: true });
      await page.waitForFunction(() =>
        /^Showing the latest 200 of [\d,]+ events; older ones are in the activity log/.test(
          document.getElementById('feed-cap')?.textContent ?? '',
        ),
      );
      assert.equal(await page.$$eval('#feed li', (items) => items.length), 200);
      const remembered = await page.evaluate(() => Number(document.body.dataset.rememberedSearches));
      assert.ok(remembered > 0 && remembered <= 200, `${remembered} searches remembered`);
    });
  });

  test('stops following the activity once the page is closed', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      // Streams of pages closed by earlier tests may still be ending.
      await waitFor(() => under.http.liveView!.streamCount() === 1, 'this page to be the only follower');
    });
    await waitFor(() => under.http.liveView!.streamCount() === 0, 'the stream to end with the page');
  });

  test('the search box runs tool_search over the current catalog, and the model never sees it', async () => {
    await withContext(async (_context, page) => {
      await openSignedIn(page, base, under.http.liveView!);
      await page.waitForSelector('body[data-history="loaded"]');
      const before = await page.$$eval('#feed li', (items) => items.length);
      await page.fill('#search-query', 'read the whole knowledge graph');
      await page.click('#search-form button');
      await page.waitForSelector('body[data-searched="true"]');
      const names = await page.$$eval('#search-results li .tool', (items) => items.map((item) => item.textContent));
      assert.equal(names[0], 'mcp_memory_read_graph');
      assert.match((await page.textContent('#search-summary')) ?? '', /of \d+ deferred tools/);
      await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_memory_read_graph', arguments: {} } });
      await page.waitForSelector('#feed li[data-kind="call"] >> text=mcp_memory_read_graph');
      // A search from the page is not the model's: the call made after it is the only new line.
      assert.equal(await page.$$eval('#feed li', (items) => items.length), Math.min(200, before + 1));
      assert.equal(await page.$$eval('#feed li', (items) => items[0]?.getAttribute('data-kind')), 'call');
    });
  });
});
