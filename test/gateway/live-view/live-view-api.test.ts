import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { liveViewSignInLink } from '../../../src/gateway/index.ts';
import { createScratchFolder, MEMORY_SERVER, SCRIPTED_SERVER, waitFor, type ScratchFolder } from '../fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from '../fixtures/start-http-gateway.ts';

/** A literal value in a server's env: a secret the page must never show. */
const SECRET = 'live-view-api-secret-0123456789';

/** Signs a client in as a browser would (the printed link), returning its cookie. */
async function signIn(under: HttpGatewayUnderTest): Promise<string> {
  const response = await fetch(liveViewSignInLink(under.http.liveViewUrl!, under.http.liveView!.signInCode()), { redirect: 'manual' });
  assert.equal(response.status, 303);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** An open `/api/events` stream, parsed into its events as they come. */
interface EventStream {
  readonly events: Array<{ id?: string; event: string; data: Record<string, unknown> }>;
  close(): void;
}
async function openStream(url: URL, cookie: string, lastEventId?: number): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(new URL('/api/events', url), {
    headers: { cookie, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const events: EventStream['events'] = [];
  void (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':') && line.includes(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
          );
          if (fields['event'] !== undefined)
            events.push({
              ...(fields['id'] === undefined ? {} : { id: fields['id'] }),
              event: fields['event'],
              data: JSON.parse(fields['data'] ?? '{}') as Record<string, unknown>,
            });
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return { events, close: () => controller.abort() };
}

describe('the live view API over a real gateway', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  let cookie: string;

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: {
          memory: { command: process.execPath, args: [MEMORY_SERVER], env: { MEMORY_FILE_PATH: '${tempDir}/memory.jsonl' } },
          scripted: { command: process.execPath, args: [SCRIPTED_SERVER], env: { SCRIPTED_API_KEY: SECRET } },
        },
      },
      scratch.path,
      {},
      { liveView: { maxStreams: 2, historySize: 5 } },
    );
    await under.gateway.ready();
    cookie = await signIn(under);
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  const getJson = async (path: string): Promise<Record<string, unknown>> => {
    const response = await fetch(new URL(path, under.http.liveViewUrl), { headers: { cookie } });
    assert.equal(response.status, 200, path);
    return (await response.json()) as Record<string, unknown>;
  };
  const entries = async (): Promise<Array<Record<string, unknown>>> =>
    (await getJson('/api/history'))['entries'] as Array<Record<string, unknown>>;

  test('tells a refusal of bad arguments from a tool that failed, and shows a call’s arguments and result redacted', async () => {
    await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_echo', arguments: { text: 7 } } });
    await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_fail', arguments: {} } });
    await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_scripted_echo', arguments: { text: `say ${SECRET}` } } });
    const [refused, failed, echoed] = (await entries()).slice(-3);
    assert.deepEqual([refused?.['outcome'], refused?.['code']], ['error', 'invalid_arguments']);
    assert.deepEqual([failed?.['outcome'], failed?.['code']], ['error', 'tool_failed']);
    assert.deepEqual(echoed?.['arguments'], { text: 'say <mcp_servers.scripted.env.SCRIPTED_API_KEY>' });
    assert.deepEqual(echoed?.['result'], {
      content: [{ type: 'text', text: 'scripted: say <mcp_servers.scripted.env.SCRIPTED_API_KEY>' }],
    });
    assert.ok(!JSON.stringify(await entries()).includes(SECRET));
  });

  test('keeps the last entries for a page that reloads, with ids, the total seen and the tokens saved', async () => {
    for (const query of ['one', 'two', 'three', 'four', 'five', 'six'])
      await under.client.callTool({ name: 'tool_search', arguments: { query: `store a note ${query}` } });
    const history = await getJson('/api/history');
    const kept = history['entries'] as Array<Record<string, unknown>>;
    assert.equal(kept.length, 5);
    assert.deepEqual(
      kept.map((entry) => entry['query']),
      ['store a note two', 'store a note three', 'store a note four', 'store a note five', 'store a note six'],
    );
    assert.equal(history['last_id'], kept.at(-1)?.['id']);
    assert.equal(history['total'], 9);
    assert.equal(history['activity_log'], false);
    const savedPerRequest = kept[0]!['saved_tokens'] as number;
    assert.ok(savedPerRequest > 0);
    assert.equal(history['saved_tokens'], 9 * savedPerRequest);
  });

  test('a stream resumes after its Last-Event-ID: the kept entries since, a gap event for those no longer kept, then new ones with ids', async () => {
    const lastId = (await getJson('/api/history'))['last_id'] as number;
    const stream = await openStream(under.http.liveViewUrl!, cookie, lastId - 7);
    try {
      await under.client.callTool({ name: 'tool_search', arguments: { query: 'read the graph' } });
      await waitFor(() => stream.events.some((event) => event.data['query'] === 'read the graph'), 'the new search on the stream');
      assert.deepEqual(
        stream.events.map((event) => [event.event, event.id]),
        [
          ['ready', undefined],
          ['gap', undefined],
          ...[4, 3, 2, 1, 0].map((back) => ['activity', String(lastId - back)]),
          ['activity', String(lastId + 1)],
        ],
      );
      assert.deepEqual(stream.events[1]?.data, { missed: 2 });
    } finally {
      stream.close();
    }
  });

  test('refuses a stream past the cap with 503 and what to do', async () => {
    const streams = [await openStream(under.http.liveViewUrl!, cookie), await openStream(under.http.liveViewUrl!, cookie)];
    try {
      const refused = await fetch(new URL('/api/events', under.http.liveViewUrl), { headers: { cookie } });
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get('retry-after'), '30');
      assert.match(
        await refused.text(),
        /^2 browsers already follow this gateway's activity, the most it serves at once \(tabs of one browser share one\): close the page in another browser, then try again/,
      );
    } finally {
      for (const stream of streams) stream.close();
    }
    await waitFor(() => under.http.liveView!.streamCount() === 0, 'the streams to end');
  });

  test('signing out ends the browser’s streams, and its cookie then opens nothing (401, saying how to sign in)', async () => {
    const own = await signIn(under);
    const stream = await openStream(under.http.liveViewUrl!, own);
    await waitFor(() => under.http.liveView!.streamCount() === 1, 'the stream');
    const out = await fetch(new URL('/sign-out', under.http.liveViewUrl), { method: 'POST', redirect: 'manual', headers: { cookie: own } });
    assert.equal(out.status, 303);
    assert.equal(out.headers.get('location'), '/?signed-out');
    assert.match(out.headers.get('set-cookie') ?? '', /Max-Age=0/);
    await waitFor(() => under.http.liveView!.streamCount() === 0, 'the stream to end');
    stream.close();
    const after = await fetch(new URL('/api/state', under.http.liveViewUrl), { headers: { cookie: own } });
    assert.equal(after.status, 401);
    assert.match(
      await after.text(),
      /^Not signed in \(the gateway may have restarted, or this browser signed out; a sign-in lasts 12 hours\): sign in with the one-time code/,
    );
  });
});
