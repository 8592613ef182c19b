import { SEMANTIC_RETIRED } from '../../src/config/agent-config.ts';
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveGatewayConfig, type PlaceholderValues } from '../../src/gateway/index.ts';

const PLACES: PlaceholderValues = { configDir: '/home/ada/tools', tempDir: () => '/tmp/gateway-x', env: { GITHUB_TOKEN: 'ghp_1' } };

describe('resolveGatewayConfig', () => {
  test('reads the issue example: stdio and remote servers, pin, policy, activity log', () => {
    const { config, warnings } = resolveGatewayConfig(
      {
        model: { context_length: 128_000 },
        tools: { tool_search: { enabled: 'on', max_search_limit: 10 } },
        mcp_servers: {
          github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: '${env:GITHUB_TOKEN}' } },
          remote: { url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer ${env:GITHUB_TOKEN}' } },
        },
        pin: ['mcp_github_get_me'],
        policy: { deny: ['*delete*'], require_approval: ['mcp_github_merge_*'] },
        activity_log: './tool-search-activity.jsonl',
      },
      PLACES,
    );
    assert.deepEqual(warnings, []);
    assert.equal(config.contextLength, 128_000);
    assert.equal(config.toolSearch.enabled, 'on');
    assert.equal(config.toolSearch.maxSearchLimit, 10);
    assert.deepEqual(config.servers[0], {
      transport: 'stdio',
      name: 'github',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github'],
      env: { GITHUB_TOKEN: 'ghp_1' },
      missingEnv: [],
      missingInputs: [],
      callTimeoutMs: 50_000,
      callMaxMs: 600_000,
    });
    const remote = config.servers[1]!;
    assert.ok(remote.transport === 'http');
    assert.equal(remote.url.href, 'http://127.0.0.1:3001/mcp');
    assert.deepEqual(remote.headers, { Authorization: 'Bearer ghp_1' });
    assert.deepEqual(config.pin, ['mcp_github_get_me']);
    assert.deepEqual(config.deny, ['*delete*']);
    assert.deepEqual(config.requireApproval, ['mcp_github_merge_*']);
    assert.equal(config.activityLog, '/home/ada/tools/tool-search-activity.jsonl');
  });

  test("accepts Claude Desktop's mcpServers form and defaults the context length to 200000", () => {
    const { config } = resolveGatewayConfig(
      {
        mcpServers: { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '${tempDir}'], cwd: 'work' } },
      },
      PLACES,
    );
    assert.equal(config.contextLength, 200_000);
    assert.equal(config.toolSearch.enabled, 'auto');
    assert.deepEqual(
      config.servers.map((server) => server.transport === 'stdio' && [server.name, server.args.at(-1), server.cwd]),
      [['filesystem', '/tmp/gateway-x', '/home/ada/tools/work']],
    );
  });

  test("accepts VS Code's servers form with its type field", () => {
    const { config } = resolveGatewayConfig(
      {
        servers: {
          local: { type: 'stdio', command: 'node', args: ['server.js'] },
          remote: { type: 'http', url: 'http://127.0.0.1:4000/mcp' },
        },
      },
      PLACES,
    );
    assert.deepEqual(
      config.servers.map((server) => [server.name, server.transport]),
      [
        ['local', 'stdio'],
        ['remote', 'http'],
      ],
    );
  });

  test('skips disabled servers, honours transport: sse and per-server timeouts', () => {
    const { config } = resolveGatewayConfig(
      {
        timeouts: { call_ms: 5_000 },
        mcp_servers: {
          off: { command: 'x', disabled: true },
          legacy: { url: 'https://example.com/sse', transport: 'sse', timeout_ms: 900 },
          plain: { command: 'y' },
        },
      },
      PLACES,
    );
    assert.deepEqual(
      config.servers.map((server) => [server.name, server.transport, server.callTimeoutMs]),
      [
        ['legacy', 'sse', 900],
        ['plain', 'stdio', 5_000],
      ],
    );
  });

  test("skips the gateway's own entry when pointed at the client's config file", () => {
    const { config, warnings } = resolveGatewayConfig(
      {
        mcpServers: {
          'tool-search': {
            command: 'node',
            args: ['/opt/tool-search/bin/tool-search.js', 'serve', '--config', 'claude_desktop_config.json'],
          },
          memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'] },
        },
      },
      PLACES,
    );
    assert.deepEqual(
      config.servers.map((server) => server.name),
      ['memory'],
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      ["mcpServers.tool-search: runs 'tool-search serve' (this gateway); skipped"],
    );
  });

  test('warns about unknown keys and bad timeouts, naming the key path', () => {
    const { warnings } = resolveGatewayConfig({ mcp_servers: { a: { command: 'x', timeout_ms: -1, comand: 'typo' } }, limts: {} }, PLACES);
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        "limts: unknown key, ignored (did you mean 'limits'?) (known keys: model, tools, mcp_servers, mcpServers, servers, pin, policy, activity_log, timeouts, limits, http, search, cluster)",
        "mcp_servers.a.comand: unknown key, ignored (did you mean 'command'?) (known keys: command, args, env, cwd, url, headers, type, transport, timeout_ms, disabled)",
        'mcp_servers.a.timeout_ms: -1 is not a positive whole number of milliseconds; using 50000',
      ],
    );
  });

  test('rejects what has no sensible reading with one line naming the key', () => {
    const cases: [unknown, string][] = [
      [['a'], 'the config must be a mapping of keys (model, tools, mcp_servers, ...), got ["a"]'],
      [
        { mcp_servers: { a: { args: [] } } },
        "mcp_servers.a: needs 'command' (a local server started over stdio) or 'url' (a remote server)",
      ],
      [{ mcp_servers: { a: { url: 'localhost:3000' } } }, 'mcp_servers.a.url: "localhost:3000" must start with http:// or https://'],
      [
        { mcp_servers: { a: { command: 'x' } }, mcpServers: { a: { command: 'y' } } },
        "mcpServers.a: server 'a' is also defined at mcp_servers.a; keep one",
      ],
      [
        { mcp_servers: { a: { command: '${HOME}/x' } } },
        "mcp_servers.a.command: unknown placeholder '${HOME}' (known: ${configDir}, ${tempDir}, ${env:NAME}, ${workspaceFolder}, ${userHome})",
      ],
      [{ mcp_servers: { 'my server': { command: 'x' } } }, 'mcp_servers.my server: a server name must be non-empty and have no spaces'],
      [{ mcp_servers: { a: { command: 'x', env: { A: ['list'] } } } }, 'mcp_servers.a.env.A: expected a string, got ["list"]'],
    ];
    for (const [document, message] of cases) {
      assert.throws(() => resolveGatewayConfig(document, PLACES), { name: 'ToolSearchError', message });
    }
  });

  test('stops on tools.tool_search.semantic: true, naming search.embeddings instead, and warns about any other value', () => {
    assert.throws(
      () =>
        resolveGatewayConfig({ tools: { tool_search: { enabled: 'on', semantic: true } }, mcp_servers: { a: { command: 'x' } } }, PLACES),
      {
        name: 'ToolSearchError',
        message: `tools.tool_search.semantic: ${SEMANTIC_RETIRED}`,
      },
    );
    assert.match(
      SEMANTIC_RETIRED,
      /^the bundled sentence encoder was retired; to rank by meaning, give the gateway config search\.embeddings: \{url, model, api_key\}/,
    );
    const off = resolveGatewayConfig(
      { tools: { tool_search: { enabled: 'on', semantic: false, max_search_limit: 10 } }, mcp_servers: { a: { command: 'x' } } },
      PLACES,
    );
    assert.deepEqual(
      off.warnings.map((warning) => warning.message),
      [`tools.tool_search.semantic: ignored: ${SEMANTIC_RETIRED}`],
    );
    assert.equal(off.config.toolSearch.maxSearchLimit, 10);
  });
});
