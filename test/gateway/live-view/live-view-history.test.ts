import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { liveViewSignInLink } from '../../../src/gateway/index.ts';
import { createScratchFolder, MEMORY_SERVER, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { CHROMIUM } from '../fixtures/live-view-browser-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

/** A code in a URL, as the gateway makes them (live-view-sign-in.ts). */
const CODE_IN_URL = /code=([0-9A-Z]{4}(?:-[0-9A-Z]{4}){4})/g;

describe("the browser's history after signing in to the live view", () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let profile: string;
  const token = randomBytes(24).toString('hex');

  before(async () => {
    scratch = createScratchFolder();
    profile = mkdtempSync(join(tmpdir(), 'tool-search-chromium-profile-'));
    under = await startHttpGateway(
      {
        mcp_servers: { memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } } },
      },
      scratch.path,
      {},
      { token, liveView: {} },
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
    rmSync(profile, { recursive: true, force: true });
  });

  test('holds no secret that opens anything: not the MCP token, not the cookie, and only codes that were used', async () => {
    assert.ok(existsSync(CHROMIUM), `no Chromium at ${CHROMIUM}`);
    // A profile on disk, as a user's browser keeps one: its History file is what a later reader finds.
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: ['--no-sandbox'] });
    let cookieValue = '';
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(liveViewSignInLink(under.http.liveViewUrl!, under.http.liveView!.signInCode()).href);
      await page.waitForSelector('body[data-feed="live"]');
      await page.reload();
      await page.waitForSelector('body[data-feed="live"]');
      cookieValue = (await context.cookies())[0]?.value ?? '';
      assert.ok(cookieValue.length >= 40);
    } finally {
      // Closing the browser writes its history to disk.
      await context.close();
    }
    const history = readFileSync(join(profile, 'Default', 'History')).toString('latin1');
    assert.ok(
      history.includes(`${under.http.liveViewUrl!.href}sign-in?code=`),
      'the sign-in link is in the history (this is the file the browser writes)',
    );
    assert.ok(!history.includes(token), 'the MCP token is nowhere in the history');
    assert.ok(!history.includes(cookieValue), 'nor is the cookie');
    const codes = [...new Set([...history.matchAll(CODE_IN_URL)].map((match) => match[1]!))];
    assert.ok(codes.length >= 1);
    for (const code of codes) {
      const replayed = await fetch(liveViewSignInLink(under.http.liveViewUrl!, code), { redirect: 'manual' });
      assert.equal(replayed.status, 401, `the code ${code} from the history opens nothing`);
      assert.match(await replayed.text(), /This code was used already/);
    }
  });
});
