import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveGatewayConfig, type PlaceholderValues } from '../../src/gateway/index.ts';

const PLACES: PlaceholderValues = { configDir: '/home/ada/tools', tempDir: () => '/tmp/gateway-x', env: {} };
const resolved = (document: unknown) => resolveGatewayConfig(document, PLACES);
const warningsOf = (document: unknown): string[] => resolved(document).warnings.map((warning) => warning.message);
const server = { command: 'node', args: ['server.js'] };

// Issue 25 item 10 and issue 28's "config mistakes that still pass quietly": each of these used to be
// accepted without a word, or with a word that did not help.
describe('timeouts longer than a timer can wait', () => {
  test('are clamped to 2,147,483,647 ms with a warning, at every level (Node would fire them after 1 ms)', () => {
    const { config, warnings } = resolved({
      timeouts: { call_ms: 99_999_999_999, call_max_ms: 2 ** 31, connect_ms: 3_000_000_000 },
      mcp_servers: { a: { ...server, timeout_ms: 2 ** 40 } },
    });
    assert.equal(config.connectTimeoutMs, 2_147_483_647);
    assert.deepEqual(
      config.servers.map((entry) => [entry.callTimeoutMs, entry.callMaxMs]),
      [[2_147_483_647, 2_147_483_647]],
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        'timeouts.call_ms: 99999999999 is above 2147483647 ms (about 24.9 days), the longest a timer can wait (a longer one would fire at once); using 2147483647',
        'timeouts.call_max_ms: 2147483648 is above 2147483647 ms (about 24.9 days), the longest a timer can wait (a longer one would fire at once); using 2147483647',
        'timeouts.connect_ms: 3000000000 is above 2147483647 ms (about 24.9 days), the longest a timer can wait (a longer one would fire at once); using 2147483647',
        'mcp_servers.a.timeout_ms: 1099511627776 is above 2147483647 ms (about 24.9 days), the longest a timer can wait (a longer one would fire at once); using 2147483647',
      ],
    );
  });

  test('stop the gateway in the search block, where every bad value is fatal', () => {
    assert.throws(() => resolved({ search: { expand: { url: 'http://127.0.0.1:11434/v1', model: 'm', timeout_ms: 3_000_000_000 } } }), {
      name: 'ToolSearchError',
      message:
        'search.expand.timeout_ms: 3000000000 is above 2147483647 ms (about 24.9 days), the longest a timer can wait; give at most 2147483647',
    });
  });
});

describe('a server entry', () => {
  test('with a disabled value that is not true or false stops the gateway, saying what to write', () => {
    assert.throws(() => resolved({ mcp_servers: { a: { ...server, disabled: 'yes' } } }), {
      name: 'ToolSearchError',
      message:
        'mcp_servers.a.disabled: "yes" is not true or false; write disabled: true to leave the server out, or remove the key to start it',
    });
    assert.deepEqual(
      resolved({ mcp_servers: { a: { ...server, disabled: false }, b: { ...server, disabled: true } } }).config.servers.map(
        (entry) => entry.name,
      ),
      ['a'],
    );
  });

  test('with both command and url is started as the command, with a warning that url is ignored', () => {
    const { config, warnings } = resolved({ mcp_servers: { a: { ...server, url: 'http://127.0.0.1:9/mcp' } } });
    assert.equal(config.servers[0]!.transport, 'stdio');
    assert.deepEqual(warnings, [
      {
        path: 'mcp_servers.a.url',
        received: 'http://127.0.0.1:9/mcp',
        message:
          "mcp_servers.a: has both 'command' and 'url'; it is started as a local command over stdio and 'url' is ignored (remove one of them)",
      },
    ]);
  });

  test('with keys of the other kind of server warns that they are ignored', () => {
    assert.deepEqual(
      warningsOf({
        mcp_servers: { local: { ...server, headers: { A: 'b' } }, remote: { url: 'http://127.0.0.1:9/mcp', args: ['x'], env: { A: 'b' } } },
      }),
      [
        "mcp_servers.local.headers: applies to a remote ('url') server; ignored for this local command",
        "mcp_servers.remote.args: applies to a local ('command') server; ignored for this remote server",
        "mcp_servers.remote.env: applies to a local ('command') server; ignored for this remote server",
      ],
    );
  });

  test('with keys typed out of order gets the key it meant', () => {
    assert.deepEqual(warningsOf({ mcp_servers: { a: { command: 'node', agrs: ['x'], evn: { A: 'b' } } } }), [
      "mcp_servers.a.agrs: unknown key, ignored (did you mean 'args'?) (known keys: command, args, env, cwd, url, headers, type, transport, timeout_ms, disabled)",
      "mcp_servers.a.evn: unknown key, ignored (did you mean 'env'?) (known keys: command, args, env, cwd, url, headers, type, transport, timeout_ms, disabled)",
    ]);
  });

  test('keeps its ignored keys, so that a failure to start can point back at them', () => {
    const { config } = resolved({ mcp_servers: { a: { command: 'node', arg: ['server.js'], banana: 1 }, b: server } });
    assert.deepEqual(
      config.servers.map((entry) => entry.ignoredKeys),
      [["'arg' (did you mean 'args'?)", "'banana'"], undefined],
    );
  });

  test('without command or url names the unknown key that was probably meant as one', () => {
    assert.throws(() => resolved({ mcp_servers: { a: { comand: 'node', args: ['x'] } } }), {
      name: 'ToolSearchError',
      message:
        "mcp_servers.a: needs 'command' (a local server started over stdio) or 'url' (a remote server); its key 'comand' is unknown (did you mean 'command'?)",
    });
    assert.throws(() => resolved({ mcp_servers: { a: { ulr: 'http://x' } } }), {
      message:
        "mcp_servers.a: needs 'command' (a local server started over stdio) or 'url' (a remote server); its key 'ulr' is unknown (did you mean 'url'?)",
    });
  });
});

describe('the activity log', () => {
  test('given as an empty string stops the gateway, saying how to turn the log off', () => {
    for (const empty of ['', '   ']) {
      assert.throws(() => resolved({ activity_log: empty }), {
        name: 'ToolSearchError',
        message: `activity_log: ${JSON.stringify(empty)} is empty; to keep no activity log, remove the key (or write activity_log: null)`,
      });
    }
    assert.equal(resolved({ activity_log: null }).config.activityLog, undefined);
  });
});

describe('keys near a protection', () => {
  test('a root key a typo away from policy, http or cluster stops the gateway, naming what it meant', () => {
    for (const [key, meant] of [
      ['polcy', 'policy'],
      ['Policy', 'policy'],
      ['polciy', 'policy'],
      ['htp', 'http'],
      ['htpp', 'http'],
      ['HTTP', 'http'],
      ['clustr', 'cluster'],
      ['Cluster', 'cluster'],
    ] as const) {
      assert.throws(() => resolved({ [key]: { deny: ['*'] } }), {
        name: 'ToolSearchError',
        message: `${key}: unknown key (did you mean '${meant}'?); stopped rather than go on without the ${meant} settings it may hold`,
      });
    }
  });

  test('other unknown root keys stay warnings', () => {
    assert.deepEqual(warningsOf({ mcp_servers: { a: server }, limit: {}, inputs: [] }), [
      'inputs: unknown key, ignored (known keys: model, tools, mcp_servers, mcpServers, servers, pin, policy, activity_log, timeouts, limits, http, search, cluster)',
      "limit: unknown key, ignored (did you mean 'limits'?) (known keys: model, tools, mcp_servers, mcpServers, servers, pin, policy, activity_log, timeouts, limits, http, search, cluster)",
    ]);
  });

  test('http.tokne gets the key it meant', () => {
    assert.throws(() => resolved({ http: { tokne: 'x'.repeat(32) } }), {
      message: /^http\.tokne: unknown key \(did you mean 'http\.token'\?\)/,
    });
  });

  test('a server block under a mistyped root key leaves no servers, and that warning points back at it', () => {
    assert.deepEqual(warningsOf({ mcp_server: { a: server } }), [
      "mcp_server: unknown key, ignored (did you mean 'mcp_servers'?) (known keys: model, tools, mcp_servers, mcpServers, servers, pin, policy, activity_log, timeouts, limits, http, search, cluster)",
      "mcp_servers: no servers configured; the gateway will offer no tools (the root key 'mcp_server' was ignored: did you mean 'mcp_servers'?)",
    ]);
  });
});
