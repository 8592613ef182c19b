import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { resolveGatewayConfig } from '../../src/gateway/gateway-config.ts';
import { createRedactor } from '../../src/gateway/redact-secrets.ts';
import { readCommandConfig } from '../../src/cli/read-input-files.ts';
import { createScratchFolder } from './fixtures/gateway-test-support.ts';

const PLACES = { configDir: '/etc/tool-search', tempDir: () => '/tmp/ts', env: { EXPAND_KEY: 'sk-expand-secret-123456' } };
const server = { mcp_servers: { a: { command: 'x' } } };

describe('the search block of a gateway config', () => {
  test('defaults to the pack on, learning off and no model', () => {
    const { config, warnings } = resolveGatewayConfig(server, PLACES);
    assert.deepEqual(config.search, { pack: true, learn: false, expand: undefined, embeddings: undefined });
    assert.deepEqual(warnings, []);
  });

  test('reads pack, learn and expand', () => {
    const { config } = resolveGatewayConfig(
      {
        ...server,
        search: {
          pack: false,
          learn: true,
          expand: { url: 'http://127.0.0.1:11434/v1', model: 'qwen3:8b', api_key: '${env:EXPAND_KEY}', timeout_ms: 5000 },
        },
      },
      PLACES,
    );
    assert.deepEqual(config.search, {
      pack: false,
      learn: true,
      expand: {
        url: 'http://127.0.0.1:11434/v1',
        displayUrl: 'http://127.0.0.1:11434/v1',
        model: 'qwen3:8b',
        apiKey: 'sk-expand-secret-123456',
        timeoutMs: 5000,
        tools: 'all',
      },
      embeddings: undefined,
    });
  });

  test('reads which tools expand writes for: all by default, or uncovered', () => {
    const expandOf = (tools: unknown) =>
      resolveGatewayConfig(
        { ...server, search: { expand: { url: 'http://127.0.0.1:1', model: 'm', ...(tools === undefined ? {} : { tools }) } } },
        PLACES,
      ).config.search.expand?.tools;
    assert.equal(expandOf(undefined), 'all');
    assert.equal(expandOf('uncovered'), 'uncovered');
    assert.equal(expandOf('all'), 'all');
  });

  test('reads embeddings, the key from the environment and the width optional', () => {
    const embeddings = { url: 'https://api.openai.com/v1', model: 'text-embedding-3-small', api_key: '${env:EXPAND_KEY}', dimensions: 512 };
    assert.deepEqual(resolveGatewayConfig({ ...server, search: { embeddings } }, PLACES).config.search.embeddings, {
      url: 'https://api.openai.com/v1',
      displayUrl: 'https://api.openai.com/v1',
      model: 'text-embedding-3-small',
      apiKey: 'sk-expand-secret-123456',
      dimensions: 512,
      timeoutMs: 30_000,
    });
    assert.deepEqual(
      resolveGatewayConfig({ ...server, search: { embeddings: { url: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text' } } }, PLACES)
        .config.search.embeddings,
      {
        url: 'http://127.0.0.1:11434/v1',
        displayUrl: 'http://127.0.0.1:11434/v1',
        model: 'nomic-embed-text',
        apiKey: undefined,
        dimensions: undefined,
        timeoutMs: 30_000,
      },
    );
  });

  test("treats the embeddings' api key as a secret, and never shows it in a message", () => {
    const { config } = resolveGatewayConfig(
      { ...server, search: { embeddings: { url: 'http://127.0.0.1:1/v1', model: 'm', api_key: 'literal-embeddings-key-abcdef' } } },
      PLACES,
    );
    assert.doesNotMatch(createRedactor(config.secrets)(`key ${config.search.embeddings!.apiKey}`), /literal-embeddings-key/);
    assert.throws(
      () =>
        resolveGatewayConfig(
          { ...server, search: { embeddings: { url: 'http://127.0.0.1:1/v1', model: 'm', api_key: ['sk-in-a-list-0123456789'] } } },
          PLACES,
        ),
      (error: Error) => {
        assert.equal(error.message, 'search.embeddings.api_key: expected a string (e.g. "${env:OPENAI_API_KEY}"), got a list');
        return true;
      },
    );
  });

  test('warns about an unknown embeddings key with a did-you-mean', () => {
    const { warnings } = resolveGatewayConfig(
      { ...server, search: { embedings: {}, embeddings: { url: 'http://127.0.0.1:1', model: 'm', dimension: 5 } } },
      PLACES,
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        "search.embedings: unknown key, ignored (did you mean 'embeddings'?) (known keys: pack, learn, expand, embeddings)",
        "search.embeddings.dimension: unknown key, ignored (did you mean 'dimensions'?) (known keys: url, model, api_key, dimensions, timeout_ms)",
      ],
    );
  });

  test('treats the api key as a secret, kept from every log and client', () => {
    for (const api_key of ['${env:EXPAND_KEY}', 'literal-key-abcdef']) {
      const { config } = resolveGatewayConfig(
        { ...server, search: { expand: { url: 'http://127.0.0.1:1/v1', model: 'm', api_key } } },
        PLACES,
      );
      const redact = createRedactor(config.secrets);
      assert.doesNotMatch(redact(`key ${config.search.expand!.apiKey}`), /sk-expand-secret|literal-key/);
    }
  });

  test('warns about an unknown key with a did-you-mean', () => {
    const { warnings } = resolveGatewayConfig(
      { ...server, search: { lern: true, expand: { url: 'http://127.0.0.1:1', model: 'm', timeout: 5 } } },
      PLACES,
    );
    assert.deepEqual(
      warnings.map((warning) => warning.message),
      [
        "search.lern: unknown key, ignored (did you mean 'learn'?) (known keys: pack, learn, expand, embeddings)",
        "search.expand.timeout: unknown key, ignored (did you mean 'timeout_ms'?) (known keys: url, model, api_key, timeout_ms, tools)",
      ],
    );
  });

  test('rejects a bad value with one line naming the key', () => {
    const cases: [unknown, string][] = [
      ['on', 'search: expected a mapping with pack, learn, expand, embeddings, got "on"'],
      [{ learn: 'yes' }, 'search.learn: "yes" is not true or false'],
      [{ pack: 1 }, 'search.pack: 1 is not true or false'],
      [
        { expand: { model: 'm' } },
        'search.expand.url: undefined is not a URL; give an OpenAI-compatible endpoint such as http://127.0.0.1:11434/v1',
      ],
      [{ expand: { url: 'ftp://x', model: 'm' } }, 'search.expand.url: "ftp://x" must start with http:// or https://'],
      [{ expand: { url: 'http://127.0.0.1:1' } }, 'search.expand.model: undefined is not a model name (e.g. qwen3:8b)'],
      [
        { expand: { url: 'http://127.0.0.1:1', model: 'm', timeout_ms: -5 } },
        'search.expand.timeout_ms: -5 is not a positive whole number of milliseconds',
      ],
      [
        { expand: { url: 'http://127.0.0.1:1', model: 'm', tools: 'every' } },
        'search.expand.tools: "every" is not one of uncovered, all (uncovered: only the tools the request pack has no requests for)',
      ],
      [
        { expand: { url: 'http://127.0.0.1:1', model: 'm', api_key: '${env:UNSET_EXPAND_KEY}' } },
        'search.expand.api_key: environment variable UNSET_EXPAND_KEY is not set (or empty); set it, or write the value without a placeholder',
      ],
      [
        { embeddings: 'https://api.openai.com/v1' },
        'search.embeddings: expected a mapping with url, model, api_key, dimensions, timeout_ms, got "https://api.openai.com/v1"',
      ],
      [
        { embeddings: { model: 'm' } },
        'search.embeddings.url: undefined is not a URL; give an OpenAI-compatible endpoint (e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1)',
      ],
      [
        { embeddings: { url: 'localhost:11434', model: 'm' } },
        'search.embeddings.url: "localhost:11434" must start with http:// or https://',
      ],
      [
        { embeddings: { url: 'http://127.0.0.1:1' } },
        'search.embeddings.model: undefined is not a model name (e.g. text-embedding-3-small or nomic-embed-text)',
      ],
      [
        { embeddings: { url: 'http://127.0.0.1:1', model: 'm', dimensions: 0 } },
        "search.embeddings.dimensions: 0 is not a whole number from 1 to 16384 (leave it out for the model's own width)",
      ],
      [
        { embeddings: { url: 'http://127.0.0.1:1', model: 'm', dimensions: '512' } },
        'search.embeddings.dimensions: "512" is not a whole number from 1 to 16384 (leave it out for the model\'s own width)',
      ],
      [
        { embeddings: { url: 'http://127.0.0.1:1', model: 'm', timeout_ms: 0 } },
        'search.embeddings.timeout_ms: 0 is not a positive whole number of milliseconds',
      ],
      [
        { embeddings: { url: 'http://127.0.0.1:1', model: 'm', api_key: '${env:UNSET_EMBEDDINGS_KEY}' } },
        'search.embeddings.api_key: environment variable UNSET_EMBEDDINGS_KEY is not set (or empty); set it, or write the value without a placeholder',
      ],
    ];
    for (const [search, message] of cases) {
      assert.throws(() => resolveGatewayConfig({ ...server, search }, PLACES), { name: 'ToolSearchError', message });
    }
  });

  test('is a known block for the commands that read a gateway config without serving it', () => {
    const scratch = createScratchFolder();
    try {
      const path = scratch.write('gateway.json', { search: { pak: false } });
      assert.deepEqual(
        readCommandConfig(path).warnings.map((warning) => warning.message),
        ["search.pak: unknown key, ignored (did you mean 'pack'?) (known keys: pack, learn, expand, embeddings)"],
      );
    } finally {
      scratch.remove();
    }
  });
});
