import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { originalNameOf } from '../../../src/tools/tool.ts';
import { createScratchFolder, MEMORY_SERVER, SCRIPTED_SERVER, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { launchChromium, makeActivity, openSignedIn } from '../fixtures/live-view-browser-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

/** What the page's layout measures to, in CSS pixels (element boxes, never screenshot pixels). */
interface LayoutFacts {
  readonly viewport: { readonly width: number; readonly height: number };
  /** The page's own scroll extent: wider than the viewport means it scrolls sideways. */
  readonly pageWidth: number;
  readonly pageHeight: number;
  /** Elements sticking out of their card on either side, or whose content is wider than they are: a description each. */
  readonly overflowing: readonly string[];
  /** Per card of the left column: the empty space below its last element. */
  readonly slackBelowContent: Readonly<Record<string, number>>;
  readonly searchBoxBottom: number;
  readonly feedPanel: { readonly top: number; readonly bottom: number; readonly scrollHeight: number; readonly clientHeight: number };
  readonly feedItems: number;
}

/**
 * Measures the page's boxes, giving LayoutFacts. Page source as text: functions handed to
 * page.evaluate would carry the helpers tsx adds to named functions, which the page does not have.
 */
const MEASURE_LAYOUT = `(() => {
  const describeElement = (element) => element.tagName.toLowerCase() + (element.id ? '#' + element.id : '') + '.' + [...element.classList].join('.') + ' "' + String(element.textContent).slice(0, 40) + '"';
  const overflowing = [];
  for (const container of document.querySelectorAll('main section')) {
    const box = container.getBoundingClientRect();
    for (const element of container.querySelectorAll('*')) {
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) overflowing.push(describeElement(element) + ' [' + rect.left + ', ' + rect.right + '] outside [' + box.left + ', ' + box.right + ']');
      // Text wider than its own box spills over what is next to it, though the box itself fits.
      else if (getComputedStyle(element).overflowX === 'visible' && element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) overflowing.push(describeElement(element) + ' holds ' + element.scrollWidth + ' px of content in ' + element.clientWidth + ' px');
    }
  }
  const slackBelowContent = {};
  for (const card of document.querySelectorAll('.column > section')) {
    const visible = [...card.children].filter((child) => child.getBoundingClientRect().height > 0);
    slackBelowContent[card.id] = card.getBoundingClientRect().bottom - visible[visible.length - 1].getBoundingClientRect().bottom;
  }
  const scroller = document.getElementById('feed-scroll');
  const panel = document.getElementById('feed-section').getBoundingClientRect();
  return {
    viewport: { width: innerWidth, height: innerHeight },
    pageWidth: document.scrollingElement.scrollWidth,
    pageHeight: document.scrollingElement.scrollHeight,
    overflowing,
    slackBelowContent,
    searchBoxBottom: document.getElementById('search-query').getBoundingClientRect().bottom,
    feedPanel: { top: panel.top, bottom: panel.bottom, scrollHeight: scroller.scrollHeight, clientHeight: scroller.clientHeight },
    feedItems: document.querySelectorAll('#feed li').length,
  };
})()`;

/** Colours of the page's text and surfaces, as computed (`rgb(...)` strings by name). */
const MEASURE_COLOURS = `(() => {
  const style = (selector) => getComputedStyle(document.querySelector(selector));
  return {
    page: style('body').backgroundColor,
    panel: style('main section').backgroundColor,
    ink: style('.query').color,
    entry: style('#feed li').backgroundColor,
    muted: style('#feed li .meta').color,
    button: style('#search-form button').backgroundColor,
    buttonInk: style('#search-form button').color,
  };
})()`;

/** WCAG relative luminance of an `rgb(r, g, b)` colour, and the contrast ratio of two. */
function luminance(colour: string): number {
  const [red, green, blue] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const channel = Number(part) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}
function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((left, right) => right - left);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('the live view layout with 200 entries, in a real headless Chromium', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let browser: Browser;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          // Long server and tool names: they must wrap, never widen the page.
          a_team_server_with_a_rather_long_name: {
            command: process.execPath,
            args: [SCRIPTED_SERVER, '--prefix', 'a_long_prefix_on_every_tool_'],
          },
        },
        policy: { deny: ['mcp_memory_delete_everything_there_is'] },
      },
      scratch.path,
      {},
      { liveView: {} },
    );
    await under.gateway.ready();
    const echo = under.gateway.tools().find((tool) => originalNameOf(tool) === 'a_long_prefix_on_every_tool_echo')!.name;
    await makeActivity(under.gateway, 150);
    await makeActivity(under.gateway, 50, 3, { tool: echo, arguments: { text: `a long line without spaces ${'x'.repeat(600)}` } });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await under?.close();
    scratch?.remove();
  });

  const open = async (width: number, height: number, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme });
    const page = await context.newPage();
    await openSignedIn(page, under.http.liveViewUrl!, under.http.liveView!);
    await page.waitForFunction('document.querySelectorAll("#feed li").length >= 200 && document.body.dataset.stateLoaded === "true"');
    // Every entry's details open: the longest each can be.
    await page.$$eval('#feed details', (boxes) => boxes.forEach((box) => box.setAttribute('open', '')));
    return page;
  };

  test('at 1280 px: nothing sticks out, the cards keep their height, the search box is in view and the feed scrolls in its own panel', async () => {
    const page = await open(1280, 800);
    try {
      const facts = (await page.evaluate(MEASURE_LAYOUT)) as LayoutFacts;
      assert.equal(facts.feedItems, 200);
      assert.deepEqual(facts.overflowing, []);
      assert.ok(facts.pageWidth <= facts.viewport.width, `the page is ${facts.pageWidth} px wide`);
      assert.ok(facts.pageHeight <= facts.viewport.height, `the page is ${facts.pageHeight} px high: only panels scroll`);
      for (const [card, slack] of Object.entries(facts.slackBelowContent))
        assert.ok(slack <= 40, `${card} has ${slack} px below its content`);
      assert.ok(facts.searchBoxBottom <= facts.viewport.height, `the search box ends at ${facts.searchBoxBottom} px`);
      assert.ok(facts.feedPanel.bottom <= facts.viewport.height);
      assert.ok(facts.feedPanel.scrollHeight > facts.feedPanel.clientHeight * 5, 'the feed scrolls in its panel');
    } finally {
      await page.context().close();
    }
  });

  test('at 390 px: no sideways scroll, nothing sticks out, and the feed keeps a panel of its own', async () => {
    const page = await open(390, 844);
    try {
      const facts = (await page.evaluate(MEASURE_LAYOUT)) as LayoutFacts;
      assert.deepEqual(facts.overflowing, []);
      assert.ok(facts.pageWidth <= 390, `the page is ${facts.pageWidth} px wide`);
      assert.ok(facts.feedPanel.bottom - facts.feedPanel.top <= facts.viewport.height);
      assert.ok(facts.feedPanel.scrollHeight > facts.feedPanel.clientHeight * 5, 'the feed scrolls in its panel');
      for (const [card, slack] of Object.entries(facts.slackBelowContent))
        assert.ok(slack <= 40, `${card} has ${slack} px below its content`);
    } finally {
      await page.context().close();
    }
  });

  test('follows the system’s dark mode, with readable text in both', async () => {
    const light = await open(1280, 800, 'light');
    const dark = await open(1280, 800, 'dark');
    try {
      const [lightColours, darkColours] = [
        (await light.evaluate(MEASURE_COLOURS)) as Record<string, string>,
        (await dark.evaluate(MEASURE_COLOURS)) as Record<string, string>,
      ];
      assert.ok(luminance(lightColours['page']!) > 0.8, lightColours['page']);
      assert.ok(luminance(darkColours['page']!) < 0.05, darkColours['page']);
      assert.ok(luminance(darkColours['panel']!) < 0.05, darkColours['panel']);
      for (const colours of [lightColours, darkColours]) {
        assert.ok(contrast(colours['ink']!, colours['entry']!) >= 7, `ink ${colours['ink']} on ${colours['entry']}`);
        assert.ok(contrast(colours['muted']!, colours['entry']!) >= 4.5, `muted ${colours['muted']} on ${colours['entry']}`);
        assert.ok(contrast(colours['buttonInk']!, colours['button']!) >= 4.5, `button ${colours['buttonInk']} on ${colours['button']}`);
      }
      assert.deepEqual(((await dark.evaluate(MEASURE_LAYOUT)) as LayoutFacts).overflowing, []);
    } finally {
      await light.context().close();
      await dark.context().close();
    }
  });
});
