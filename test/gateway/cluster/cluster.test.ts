import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { runCli } from '../../support/run-cli.ts';
import { startHaproxy, type HaproxyUnderTest } from '../../../bench/gateway/cluster/start-haproxy.ts';
import { startInstances, type ClusterUnderTest, type InstanceUnderTest } from '../../../bench/gateway/cluster/start-instances.ts';
import { startRedis, type RedisUnderTest } from '../../../bench/gateway/cluster/start-redis.ts';

/**
 * Three `tool-search serve --http` processes sharing one real redis-server (Debian's), with a real
 * HAProxy in front that balances without stickiness (the harder case: any request may reach any
 * instance). Started once for the file; each test opens its own sessions and ends them.
 */
const MAX_SESSIONS = 4;
/** Named client tokens (http.clients) beside the shared one: a session belongs to whoever opened it, on every instance. */
const ADA_TOKEN = 'ada-token-0123456789abcdef';
const BOB_TOKEN = 'bob-token-0123456789abcdef';
/** No test waits for ever: each waits for events that must come. */
const BOUND = { timeout: 60_000 };

function text(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  return first !== undefined && first.type === 'text' ? first.text : '';
}

/** An SDK client whose requests go wherever `target()` says when they are sent: a balancer under the test's control. */
function steeredClient(
  target: () => URL,
  headers: Readonly<Record<string, string>>,
  sessionId?: string,
): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL('http://steered.invalid/mcp'), {
    requestInit: { headers },
    ...(sessionId === undefined ? {} : { sessionId }),
    fetch: (_url, init) => fetch(target(), init),
  });
  return { client: new Client({ name: 'cluster-test', version: '1.0.0' }), transport };
}

async function eventually<T>(probe: () => Promise<T | undefined>, what: string, deadlineMs = 15_000): Promise<T> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function health(instance: InstanceUnderTest): Promise<{ status: string; store?: string; instance?: string }> {
  const response = await fetch(new URL('/healthz', instance.url));
  return (await response.json()) as { status: string; store?: string; instance?: string };
}

async function initialize(url: URL, headers: Readonly<Record<string, string>>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  });
}

describe('serve --http as a cluster: three instances, Redis, HAProxy', () => {
  let redis: RedisUnderTest;
  let cluster: ClusterUnderTest;
  let haproxy: HaproxyUnderTest;
  let inspector: Redis;
  const instance = (index: number): InstanceUnderTest => cluster.instances[index]!;
  const a = (): InstanceUnderTest => instance(0);
  const b = (): InstanceUnderTest => instance(1);
  const c = (): InstanceUnderTest => instance(2);

  /** Signs in to an instance's live view as a browser does, with the newest one-time link it printed; returns the cookie to send. */
  const signIn = async (target: InstanceUnderTest): Promise<string> => {
    const links = [...target.log().matchAll(/open (http:\/\/127\.0\.0\.1:\d+\/sign-in\?code=[^\s;)]+)/g)];
    const link = links.at(-1)?.[1];
    assert.ok(link !== undefined, `instance ${target.name} printed no sign-in link:\n${target.log()}`);
    const response = await fetch(link, { redirect: 'manual' });
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0]!;
    assert.ok(cookie.includes('='), `no cookie from ${link}: ${response.status}`);
    // The next browser's code is printed once this one is used: wait for it, so a later sign-in finds it.
    await eventually(
      async () => ([...target.log().matchAll(/sign-in\?code=/g)].length > links.length ? true : undefined),
      'the next sign-in code',
    );
    return cookie;
  };

  /** `tool-search inspect` of the cluster's config, in this process. */
  const inspect = async (): Promise<Awaited<ReturnType<typeof runCli>>> => {
    process.env['TOOL_SEARCH_INSTANCE'] = 'inspector';
    try {
      return await runCli(['inspect', '--config', cluster.configPath]);
    } finally {
      delete process.env['TOOL_SEARCH_INSTANCE'];
    }
  };

  /** The instance that opened a session, from its shared record. */
  const openedBy = async (sessionId: string): Promise<string> => {
    const record = JSON.parse((await inspector.get(`tool-search:${cluster.name}:session:${sessionId}`)) ?? '{}') as { openedBy?: string };
    return (record.openedBy ?? '').split('.')[0]!;
  };

  before(async () => {
    redis = await startRedis();
    cluster = await startInstances({
      redisUrl: redis.url,
      count: 3,
      maxSessions: MAX_SESSIONS,
      clients: { ada: ADA_TOKEN, bob: BOB_TOKEN },
    });
    haproxy = await startHaproxy({ ports: cluster.instances.map((instance) => instance.port), sticky: false });
    inspector = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    inspector.on('error', () => undefined);
    await inspector.connect();
    for (const each of cluster.instances)
      await eventually(async () => ((await health(each)).store === 'reachable' ? true : undefined), `${each.name} to reach Redis`);
  });

  after(async () => {
    inspector?.disconnect();
    await haproxy?.close();
    await cluster?.close();
    await redis?.close();
  });

  test("the live view of one instance shows another's calls, naming the instance", BOUND, async () => {
    const cookie = await signIn(b());
    const events = await fetch(new URL('/api/events', b().url), { headers: { cookie } });
    assert.equal(events.status, 200);
    const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const until = async (pattern: RegExp): Promise<string> => {
      while (!pattern.test(received)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the feed ended before ${pattern}:\n${received}`);
        received += value;
      }
      return pattern.exec(received)![0];
    };
    await until(/event: ready/);
    const { client, transport } = steeredClient(() => a().url, cluster.headers);
    await client.connect(transport);
    await client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'seen elsewhere' } });
    const line = await until(/event: activity\ndata: .*"tool":"mcp_counting_echo".*\n/);
    const entry = JSON.parse(line.slice(line.indexOf('data: ') + 6)) as { instance?: string; outcome?: string; session?: string };
    assert.equal(entry.instance, 'a');
    assert.equal(entry.outcome, 'ok');
    assert.equal(entry.session, transport.sessionId);
    await reader.cancel();
    await transport.terminateSession();
    await client.close();
  });

  test('what search learns from use on one instance, every other instance learns too', BOUND, async () => {
    const { client, transport } = steeredClient(() => a().url, cluster.headers);
    await client.connect(transport);
    const found = text(await client.callTool({ name: 'tool_search', arguments: { query: 'repeat my words back to me' } }));
    assert.match(found, /mcp_counting_echo/);
    assert.equal(
      text(await client.callTool({ name: 'tool_call', arguments: { name: 'mcp_counting_echo', arguments: { text: 'learned' } } })),
      'echo: learned',
    );
    for (const other of ['b', 'c']) {
      const file = join(cluster.stateFolder(other), 'learned-requests.json');
      const kept = await eventually(async () => {
        const requests = (JSON.parse(readFileSync(file, 'utf8')) as { requests: Array<{ tool: string; text: string }> }).requests;
        return requests.some((request) => request.tool === 'echo' && request.text === 'repeat my words back to me') ? requests : undefined;
      }, `instance ${other} to learn the request`);
      assert.equal(kept.length, 1);
    }
    await transport.terminateSession();
    await client.close();
  });

  test('the session cap holds across instances, and a session ended on one frees a place on all', BOUND, async () => {
    const opened: Array<{ client: Client; transport: StreamableHTTPClientTransport }> = [];
    for (const target of [a(), a(), b(), c()]) {
      const connection = steeredClient(() => target.url, cluster.headers);
      await connection.client.connect(connection.transport);
      opened.push(connection);
    }
    try {
      const refused = await initialize(c().url, cluster.headers);
      assert.equal(refused.status, 503);
      assert.match(
        await refused.text(),
        new RegExp(`instances have ${MAX_SESSIONS} open MCP sessions between them, its http.max_sessions`),
      );
      // Ended on instance a (its client's DELETE, answered once the place is free), the place is free on b at once.
      await opened[0]!.transport.terminateSession();
      const admitted = await initialize(b().url, cluster.headers);
      assert.equal(admitted.status, 200);
      await admitted.body?.cancel();
      await fetch(b().url, {
        method: 'DELETE',
        headers: { ...cluster.headers, 'mcp-session-id': admitted.headers.get('mcp-session-id')! },
      });
    } finally {
      // Whatever failed above, the later tests start with no session open.
      for (const connection of opened) {
        await connection.transport.terminateSession().catch(() => undefined);
        await connection.client.close();
      }
    }
  });

  test("a named client's session is another client's unknown session on every instance, taken over or not", BOUND, async () => {
    const ada = steeredClient(() => a().url, { authorization: `Bearer ${ADA_TOKEN}` });
    await ada.client.connect(ada.transport);
    const sessionId = ada.transport.sessionId!;
    for (const target of [a(), b()]) {
      const asBob = await fetch(target.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${BOB_TOKEN}`,
          'mcp-session-id': sessionId,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      });
      assert.equal(asBob.status, 404, `instance ${target.name}`);
      assert.match(await asBob.text(), /Unknown or expired MCP session; initialize a new one/);
      const ending = await fetch(target.url, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${BOB_TOKEN}`, 'mcp-session-id': sessionId },
      });
      assert.equal(ending.status, 404, `bob cannot end ada's session on ${target.name}`);
    }
    // Ada goes on, on the instance that did not open her session.
    const elsewhere = steeredClient(() => c().url, { authorization: `Bearer ${ADA_TOKEN}` }, sessionId);
    await elsewhere.client.connect(elsewhere.transport);
    assert.equal(text(await elsewhere.client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'still ada' } })), 'echo: still ada');
    await elsewhere.transport.terminateSession();
    await ada.client.close();
    await elsewhere.client.close();
  });

  test('inspect tells whether the store answers, which instances are alive and how many sessions are open', BOUND, async () => {
    const run = await inspect();
    assert.equal(run.code, 0, run.stderr);
    assert.ok(
      run.stdout.includes(
        `Cluster '${cluster.name}' (redis://127.0.0.1:${redis.port}): reachable; 3 instances alive (a, b, c); 0 sessions open of http.max_sessions ${MAX_SESSIONS}\n`,
      ),
      run.stdout,
    );
  });

  test('failed token attempts are counted across instances: spread over three, the 21st is held back', BOUND, async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await initialize(instance(attempt % 3).url, { authorization: 'Bearer wrong-token-wrong-token' });
      statuses.push(response.status);
      if (attempt === 20) assert.match(response.headers.get('retry-after') ?? '', /^\d+$/);
      await response.body?.cancel();
    }
    assert.deepEqual(statuses, [...Array.from({ length: 20 }, () => 401), 429]);
    const admitted = await initialize(c().url, cluster.headers);
    assert.equal(admitted.status, 200, 'the right token keeps working');
    await admitted.body?.cancel();
    await fetch(c().url, { method: 'DELETE', headers: { ...cluster.headers, 'mcp-session-id': admitted.headers.get('mcp-session-id')! } });
  });

  test('through HAProxy without stickiness, every call of a session is answered once, whichever instance gets it', BOUND, async () => {
    const client = new Client({ name: 'behind-haproxy', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(haproxy.url, { requestInit: { headers: cluster.headers } });
    await client.connect(transport);
    for (let call = 0; call < 9; call++)
      assert.equal(
        text(await client.callTool({ name: 'mcp_counting_echo', arguments: { text: `balanced-${call}` } })),
        `echo: balanced-${call}`,
      );
    for (let call = 0; call < 9; call++) assert.equal(cluster.calls().filter((line) => line === `echo balanced-${call}`).length, 1);
    await transport.terminateSession();
    await client.close();
  });

  test(
    'with Redis stopped, held sessions go on, new ones are refused and /healthz says why; after a restart all is back',
    BOUND,
    async () => {
      const held = steeredClient(() => a().url, cluster.headers);
      await held.client.connect(held.transport);
      await redis.stop();
      try {
        await eventually(async () => ((await health(a())).store === 'unreachable' ? true : undefined), 'instance a to notice');
        assert.equal(
          text(await held.client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'store down' } })),
          'echo: store down',
        );
        const refused = await initialize(a().url, cluster.headers);
        assert.equal(refused.status, 503);
        assert.match(
          await refused.text(),
          /the shared store \(redis:\/\/127\.0\.0\.1:\d+\) cannot be reached, so the session cap \(http\.max_sessions\) cannot be counted across instances and new sessions are refused; sessions this instance holds go on/,
        );
        const page = await signIn(a());
        const state = (await (await fetch(new URL('/api/state', a().url), { headers: { cookie: page } })).json()) as { warnings: string[] };
        const notice = new RegExp(
          `^cluster: the shared store \\(redis://127\\.0\\.0\\.1:${redis.port}\\) is unreachable \\(.+\\): new sessions are refused; ` +
            "sessions held by this instance \\(a\\) go on; the feed shows this instance's activity only until it is back$",
        );
        assert.ok(
          state.warnings.some((warning) => notice.test(warning)),
          JSON.stringify(state.warnings),
        );
        const run = await inspect();
        assert.equal(run.code, 1);
        assert.match(
          run.stdout,
          new RegExp(
            `Cluster '${cluster.name}' \\(redis://127\\.0\\.0\\.1:${redis.port}\\): UNREACHABLE \\(.+\\): serve --http refuses new sessions until it answers; sessions an instance holds go on\n`,
          ),
        );
        assert.deepEqual(await health(a()), {
          status: 'degraded',
          instance: 'a',
          upstreams: { connected: 1, total: 1 },
          store: 'unreachable',
          problems: ['the shared store is unreachable: new sessions are refused, sessions held here go on'],
        });
      } finally {
        await redis.start();
      }
      for (const each of [a(), b()])
        await eventually(async () => ((await health(each)).store === 'reachable' ? true : undefined), `instance ${each.name} to reconnect`);
      const admitted = await initialize(a().url, cluster.headers);
      assert.equal(admitted.status, 200);
      await admitted.body?.cancel();
      // The session held through the outage was written back, so another instance can continue it.
      const elsewhere = steeredClient(() => b().url, cluster.headers, held.transport.sessionId);
      await elsewhere.client.connect(elsewhere.transport);
      assert.equal(
        text(await elsewhere.client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'after the outage' } })),
        'echo: after the outage',
      );
      await elsewhere.transport.terminateSession();
      await held.client.close();
      await elsewhere.client.close();
    },
  );

  test('a session opened on one instance continues on another after the first is killed', BOUND, async () => {
    let target = a().url;
    const { client, transport } = steeredClient(() => target, cluster.headers);
    await client.connect(transport);
    const sessionId = transport.sessionId!;
    assert.equal(
      text(await client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'before the kill' } })),
      'echo: before the kill',
    );
    assert.equal(await openedBy(sessionId), 'a');
    await a().kill();
    target = b().url;
    assert.equal(text(await client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'after the kill' } })), 'echo: after the kill');
    assert.equal(transport.sessionId, sessionId, 'the same session, not a new one');
    await transport.terminateSession();
    await client.close();
  });

  test('a client that reconnects with Last-Event-ID to another instance gets the events it missed', BOUND, async () => {
    // The call must still be running on b when the client goes away. On a loaded machine the client can
    // read its progress so late that the answer came too; then it tries again with a longer call.
    let resumed: { sessionId: string; token: string; tag: string; ms: number } | undefined;
    for (const [attempt, ms] of [1_500, 6_000, 15_000].entries()) {
      const tag = `resumed-${attempt}`;
      const first = steeredClient(() => b().url, cluster.headers);
      await first.client.connect(first.transport);
      let token: string | undefined;
      let progressSeen = 0;
      const call = first.client
        .request({ method: 'tools/call', params: { name: 'mcp_counting_slow', arguments: { tag, ms } } }, CallToolResultSchema, {
          onresumptiontoken: (value) => (token = value),
          onprogress: () => (progressSeen += 1),
        })
        .catch(() => undefined);
      await eventually(async () => (progressSeen >= 2 ? true : undefined), 'two progress notifications');
      // The client goes away mid-call; instance b goes on and keeps writing the stream.
      await first.client.close();
      const answeredBeforeClose = (await call) !== undefined;
      if (!answeredBeforeClose) {
        resumed = { sessionId: first.transport.sessionId!, token: token!, tag, ms };
        break;
      }
      // This session is of no more use: it leaves no place taken.
      await steeredClient(() => b().url, cluster.headers, first.transport.sessionId).transport.terminateSession();
    }
    assert.ok(resumed !== undefined, 'every call was answered before its client went away');
    const second = steeredClient(() => c().url, cluster.headers, resumed.sessionId);
    await second.client.connect(second.transport);
    const result = await second.client.request(
      { method: 'tools/call', params: { name: 'mcp_counting_slow', arguments: { tag: resumed.tag, ms: resumed.ms } } },
      CallToolResultSchema,
      { resumptionToken: resumed.token, timeout: resumed.ms + 20_000 },
    );
    assert.match(text(result), new RegExp(`^slow: ${resumed.tag} after \\d+ steps$`));
    assert.deepEqual(
      cluster.calls().filter((line) => line === `slow ${resumed.tag}`),
      [`slow ${resumed.tag}`],
      'run once, on b; c only replayed it',
    );
    await second.transport.terminateSession();
    await second.client.close();
  });

  test('a call in flight on a killed instance fails with a clear error and is not run again', BOUND, async () => {
    let target = c().url;
    const { client, transport } = steeredClient(() => target, cluster.headers);
    await client.connect(transport);
    let progressSeen = 0;
    const call = client.callTool({ name: 'mcp_counting_slow', arguments: { tag: 'killed', ms: 10_000 } }, undefined, {
      onprogress: () => (progressSeen += 1),
      timeout: 30_000,
    });
    await eventually(async () => (progressSeen >= 1 ? true : undefined), 'the call to be under way');
    await c().kill();
    target = b().url;
    const result = await call;
    assert.equal(result.isError, true);
    assert.match(
      text(result),
      /^The gateway instance 'c' that was handling this tools\/call request stopped before it answered\. It was not run again on another instance\. The tool may or may not have run/,
    );
    assert.deepEqual(
      cluster.calls().filter((line) => line === 'slow killed'),
      ['slow killed'],
    );
    assert.equal(
      text(await client.callTool({ name: 'mcp_counting_echo', arguments: { text: 'after the failure' } })),
      'echo: after the failure',
    );
    await transport.terminateSession();
    await client.close();
  });
});
