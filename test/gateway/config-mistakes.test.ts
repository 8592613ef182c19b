import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { resolveAgentConfig } from '../../src/config/agent-config.ts';
import { ToolSearchError } from '../../src/errors/tool-search-error.ts';
import { resolveGatewayConfig, type PlaceholderValues } from '../../src/gateway/index.ts';
import { resolvePolicyPatterns } from '../../src/gateway/policy-config.ts';

const PLACES: PlaceholderValues = {
  configDir: '/home/ada/tools',
  tempDir: () => '/tmp/gateway-x',
  env: { GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz012345', EMPTY: '' },
};
const warningsOf = (document: unknown): string[] => resolveGatewayConfig(document, PLACES).warnings.map((warning) => warning.message);

describe('config mistakes are loud', () => {
  test('a mistyped policy key stops the gateway, naming the key and what it probably meant', () => {
    assert.throws(() => resolveGatewayConfig({ policy: { require_aproval: ['mcp_github_merge_*'] } }, PLACES), {
      name: 'ToolSearchError',
      message:
        "policy.require_aproval: unknown key (did you mean 'require_approval'?); the known keys are deny, require_approval. It was not ignored, since that could drop a protection",
    });
  });

  test('policy that is not a mapping stops the gateway', () => {
    assert.throws(() => resolveGatewayConfig({ policy: ['*delete*'] }, PLACES), {
      message: 'policy: expected a mapping, got ["*delete*"]',
    });
  });

  test('unknown keys under timeouts, limits, model and tools warn with a did-you-mean', () => {
    assert.deepEqual(
      warningsOf({
        mcp_servers: { a: { command: 'x' } },
        timeouts: { cal_ms: 5 },
        limits: { max_result_token: 10 },
        model: { context_lenght: 1000 },
        tools: { toolsearch: true, tool_search: { semantc: true } },
      }),
      [
        "tools.toolsearch: unknown key, ignored (did you mean 'tool_search'?) (known keys: tool_search)",
        "model.context_lenght: unknown key, ignored (did you mean 'context_length'?) (known keys: context_length)",
        "tools.tool_search.semantc: unknown key, ignored (did you mean 'semantic'?) (known keys: enabled, threshold_pct, search_default_limit, max_search_limit, semantic)",
        "timeouts.cal_ms: unknown key, ignored (did you mean 'call_ms'?) (known keys: call_ms, call_max_ms, connect_ms, connect_max_ms)",
        "limits.max_result_token: unknown key, ignored (did you mean 'max_result_tokens'?) (known keys: max_result_tokens, max_describe_tokens)",
      ],
    );
  });

  test('assemble and search warn about the same keys in a config they read', () => {
    const { warnings } = resolveAgentConfig(
      { polcy: {}, policy: { require_aproval: [] }, model: { context_lenght: 5 } },
      { rootKeys: ['model', 'tools', 'policy'], blockKeys: { policy: ['deny', 'require_approval'] } },
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        "polcy: unknown key, ignored (did you mean 'policy'?) (known keys: model, tools, policy)",
        "policy.require_aproval: unknown key, ignored (did you mean 'require_approval'?) (known keys: deny, require_approval)",
        "model.context_lenght: unknown key, ignored (did you mean 'context_length'?) (known keys: context_length)",
      ],
    );
  });

  test('a value nested 10,000 deep or a megabyte long gets a one-line message, not a crash', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 10_000; level++) deep = [deep];
    assert.throws(() => resolveGatewayConfig({ mcp_servers: { a: deep } }, PLACES), {
      name: 'ToolSearchError',
      message:
        "mcp_servers.a: expected a mapping with 'command' (local server) or 'url' (remote server), got [a list nested too deeply to show]",
    });
    const { warnings } = resolveGatewayConfig({ timeouts: { call_ms: 'x'.repeat(1_000_000) } }, PLACES);
    assert.ok(warnings[0]!.message.length < 400);
    assert.match(warnings[0]!.message, /… \(1,000,002 characters\) is not a positive whole number of milliseconds/);
  });

  test('a non-string transport is refused with a message, not a crash', () => {
    assert.throws(() => resolveGatewayConfig({ mcp_servers: { a: { command: 'x', type: 5 } } }, PLACES), {
      name: 'ToolSearchError',
      message: 'mcp_servers.a.type: 5 is not a transport name (stdio, http or sse)',
    });
  });

  test('timeouts.call_max_ms is read, and one shorter than call_ms is warned about', () => {
    const { config, warnings } = resolveGatewayConfig(
      { timeouts: { call_ms: 2_000, call_max_ms: 1_000 }, mcp_servers: { a: { command: 'x' } } },
      PLACES,
    );
    assert.deepEqual(
      config.servers.map((server) => [server.callTimeoutMs, server.callMaxMs]),
      [[2_000, 1_000]],
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      ['timeouts.call_max_ms: 1000 is less than timeouts.call_ms (2000); a call is cut off after 1000 ms in all'],
    );
  });

  test('limits default to 25,000 result tokens and 4,000 describe tokens, and take whole numbers of at least 100', () => {
    assert.deepEqual(resolveGatewayConfig({}, PLACES).config.limits, { maxResultTokens: 25_000, maxDescribeTokens: 4_000 });
    const { config, warnings } = resolveGatewayConfig({ limits: { max_result_tokens: 500, max_describe_tokens: 'lots' } }, PLACES);
    assert.deepEqual(config.limits, { maxResultTokens: 500, maxDescribeTokens: 4_000 });
    assert.ok(
      warnings
        .map((warning) => warning.message)
        .includes('limits.max_describe_tokens: "lots" is not a whole number of tokens of at least 100; using 4000'),
    );
  });
});

describe('unset environment variables', () => {
  test('keep the server that refers to them from starting, naming them', () => {
    const { config, warnings } = resolveGatewayConfig(
      {
        mcp_servers: {
          github: { command: 'npx', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}' } },
          remote: { url: 'https://example.com/mcp?key=${env:REMOTE_KEY}', headers: { Authorization: 'Bearer ${env:EMPTY}' } },
        },
      },
      PLACES,
    );
    assert.deepEqual(
      config.servers.map((server) => [server.name, server.missingEnv]),
      [
        ['github', []],
        ['remote', ['EMPTY', 'REMOTE_KEY']],
      ],
    );
    assert.ok(
      warnings
        .map((warning) => warning.message)
        .includes('mcp_servers.remote: environment variables EMPTY, REMOTE_KEY are not set (or empty); this server will not be started'),
    );
  });

  test('stop the gateway where no server could be left out instead (the activity log path)', () => {
    assert.throws(() => resolveGatewayConfig({ activity_log: '${env:LOG_DIR}/activity.jsonl' }, PLACES), {
      message: 'activity_log: environment variable LOG_DIR is not set (or empty); set it, or write the value without a placeholder',
    });
  });
});

describe('secrets the config knows', () => {
  test('are every expanded variable, header value and server env value, each with what to show instead', () => {
    const { config } = resolveGatewayConfig(
      {
        mcp_servers: {
          github: { command: 'npx', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}', LITERAL_KEY: 'abc123-literal' } },
          remote: { url: 'https://example.com/mcp', headers: { 'X-Api-Key': 'plain-header-secret' } },
        },
      },
      PLACES,
    );
    assert.deepEqual(config.secrets, [
      { value: 'ghp_abcdefghijklmnopqrstuvwxyz012345', shownAs: '${env:GITHUB_TOKEN}' },
      { value: 'abc123-literal', shownAs: '<mcp_servers.github.env.LITERAL_KEY>' },
      { value: 'plain-header-secret', shownAs: '<mcp_servers.remote.headers.X-Api-Key>' },
    ]);
  });

  test('are never a short value or an ordinary setting, so the protocol and ordinary text stay as they are', () => {
    const { config } = resolveGatewayConfig(
      {
        mcp_servers: {
          app: {
            command: 'node',
            args: ['--api-key', '${env:LONG_KEY}', '--mode', '${env:MODE}'],
            env: { NODE_ENV: 'production', DEBUG: '${env:FLAG}', REGION: 'us-east-1-west', API_TOKEN: '${env:SHORT}' },
          },
          remote: { url: 'https://example.com/mcp?api_key=literal-query-key-1&region=eu-central-1' },
        },
      },
      { ...PLACES, env: { LONG_KEY: 'k-0123456789', MODE: 'structuredContent', FLAG: 'true', SHORT: 'abc' } },
    );
    assert.deepEqual(config.secrets, [
      { value: 'k-0123456789', shownAs: '${env:LONG_KEY}' },
      { value: 'literal-query-key-1', shownAs: '<mcp_servers.remote.url ?api_key>' },
    ]);
    const remote = config.servers.find((server) => server.name === 'remote');
    assert.ok(remote !== undefined && remote.transport !== 'stdio');
    assert.equal(
      remote.displayUrl,
      'https://example.com/mcp?api_key=***&region=eu-central-1',
      'a literal key in the URL is not shown in messages',
    );
  });

  test('a URL that does not parse is shown as written, never expanded', () => {
    assert.throws(() => resolveGatewayConfig({ mcp_servers: { a: { url: 'not a url ${env:GITHUB_TOKEN}' } } }, PLACES), {
      message: 'mcp_servers.a.url: "not a url ${env:GITHUB_TOKEN}" is not a URL (expected e.g. http://127.0.0.1:3001/mcp)',
    });
  });
});

describe('the config loaders under fuzzing', () => {
  // Any JSON-like document: the loader returns a config or throws a ToolSearchError, never anything else.
  const keys = fc.constantFrom(
    'model',
    'tools',
    'tool_search',
    'mcp_servers',
    'mcpServers',
    'servers',
    'pin',
    'policy',
    'deny',
    'require_approval',
    'activity_log',
    'timeouts',
    'call_ms',
    'call_max_ms',
    'limits',
    'http',
    'command',
    'args',
    'env',
    'cwd',
    'url',
    'headers',
    'type',
    'transport',
    'timeout_ms',
    'disabled',
    'context_length',
    'enabled',
    'semantic',
    '__proto__',
    'constructor',
    'a',
  );
  const leaf = fc.oneof(
    fc.string(),
    fc.constantFrom('${env:X}', '${tempDir}', '${nope}', 'http://[::1', 'stdio', 'sse'),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const document = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(keys, tie('value'), { maxKeys: 5 }),
    ),
  })).value;

  test('resolveGatewayConfig gives a config or a ToolSearchError for any document', () => {
    fc.assert(
      fc.property(document, (input) => {
        try {
          resolveGatewayConfig(input, PLACES);
        } catch (error) {
          if (!(error instanceof ToolSearchError)) throw error;
        }
      }),
      { numRuns: 3_000 },
    );
  });

  test('resolvePolicyPatterns (what assemble and search read too) gives patterns or a ToolSearchError for any root', () => {
    fc.assert(
      fc.property(fc.dictionary(keys, document, { maxKeys: 5 }), (root) => {
        try {
          resolvePolicyPatterns(root, ['policy', 'pin'], []);
        } catch (error) {
          if (!(error instanceof ToolSearchError)) throw error;
        }
      }),
      { numRuns: 3_000 },
    );
  });

  test('resolveAgentConfig never throws', () => {
    fc.assert(
      fc.property(document, (input) => void resolveAgentConfig(input, { rootKeys: ['model', 'tools'] })),
      { numRuns: 3_000 },
    );
  });
});
