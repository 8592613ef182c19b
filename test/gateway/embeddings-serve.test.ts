import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { embeddingTextOf } from '../../src/catalog/meaning/embedding-text.ts';
import { SEMANTIC_RETIRED } from '../../src/config/agent-config.ts';
import { runCli } from '../support/run-cli.ts';
import { bagOfStems, startEmbeddingsEndpoint, type EmbeddingsBehaviour, type EmbeddingsEndpoint } from '../support/embeddings-endpoint.ts';
import { MEANING_QUERY, MEANING_TOOLS, WORDS_FIRST } from '../support/meaning-fixture.ts';
import {
  createScratchFolder,
  DESCRIBED_TOOLS_SERVER,
  firstText,
  projectPath,
  waitFor,
  type ScratchFolder,
} from './fixtures/gateway-test-support.ts';

const API_KEY = 'sk-embeddings-test-key-0123456789abcdef';
const gatewayName = (name: string): string => `mcp_lookup_${name}`;

interface Served {
  readonly client: Client;
  readonly logs: string[];
  search(query: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * `tool-search serve` from the sources over stdio, in front of one MCP server offering `tools`, with
 * `search.embeddings` pointed at `endpoint` (the key from the environment), its cache in `scratch`.
 */
async function serve(
  scratch: ScratchFolder,
  endpoint: EmbeddingsEndpoint,
  tools: readonly { name: string; description: string }[],
  embeddings: Record<string, unknown> = {},
): Promise<Served> {
  const config = scratch.write('gateway.json', {
    tools: { tool_search: { enabled: 'on' } },
    search: { embeddings: { url: endpoint.url, model: 'stems', api_key: '${env:EMBEDDINGS_KEY}', ...embeddings } },
    mcp_servers: { lookup: { command: process.execPath, args: [DESCRIBED_TOOLS_SERVER, JSON.stringify(tools)] } },
  });
  const logs: string[] = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', projectPath('src/cli/run-cli.ts'), 'serve', '--config', config],
    cwd: projectPath(''),
    env: { ...getDefaultEnvironment(), TOOL_SEARCH_CACHE_DIR: scratch.path, TOOL_SEARCH_STATE_DIR: scratch.path, EMBEDDINGS_KEY: API_KEY },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) =>
    logs.push(
      ...chunk
        .toString()
        .split('\n')
        .filter((line) => line !== ''),
    ),
  );
  const client = new Client({ name: 'gateway-embeddings-test', version: '1.0.0' });
  await client.connect(transport);
  await waitFor(() => logs.some((line) => line.includes(' ready: ')), 'the gateway to connect its server');
  return {
    client,
    logs,
    async search(query) {
      const result = JSON.parse(firstText(await client.callTool({ name: 'tool_search', arguments: { query } })));
      return result.matches.map((match: { name: string }) => match.name);
    },
    close: () => client.close(),
  };
}

const EMBEDDED_ALL = /tool_search ranks by meaning over all 5 searchable tools \(embedded in [\d.]+ s\)$/;

describe('tool-search serve with search.embeddings', () => {
  test("answers tool_search with meaning added below the words ranking's first two, the key sent as a bearer and never logged", async () => {
    const scratch = createScratchFolder();
    const endpoint = await startEmbeddingsEndpoint(bagOfStems);
    const served = await serve(scratch, endpoint, MEANING_TOOLS);
    try {
      await waitFor(() => served.logs.some((line) => EMBEDDED_ALL.test(line)), 'the catalog embedded');
      assert.deepEqual((await served.search(MEANING_QUERY)).slice(0, 3), [...WORDS_FIRST, 'sports_ranking_get_champion'].map(gatewayName));
      assert.ok(endpoint.requests.length >= 2);
      for (const request of endpoint.requests) assert.equal(request.authorization, `Bearer ${API_KEY}`);
      assert.ok(
        served.logs.some((line) =>
          /^tool-search serve: tool_search ranks by meaning too, with search\.embeddings \(http:\/\/127\.0\.0\.1:\d+\/v1, model stems\); tool vectors kept in .*embeddings-[0-9a-f]{16}\.bin$/.test(
            line,
          ),
        ),
        served.logs.join('\n'),
      );
      assert.deepEqual(
        served.logs.filter((line) => line.includes('warning')),
        [],
      );
      assert.ok(!served.logs.join('\n').includes(API_KEY));
    } finally {
      await served.close();
      await endpoint.close();
      scratch.remove();
    }
  });

  test('embeds at a second start only the tools that are new or changed', async () => {
    const scratch = createScratchFolder();
    const endpoint = await startEmbeddingsEndpoint(bagOfStems);
    try {
      const first = await serve(scratch, endpoint, MEANING_TOOLS);
      await waitFor(() => first.logs.some((line) => EMBEDDED_ALL.test(line)), 'the catalog embedded');
      await first.close();
      const toolTexts = MEANING_TOOLS.map(({ name, description }) => embeddingTextOf({ name: gatewayName(name), description }));
      assert.deepEqual([...endpoint.embeddedTexts()].sort(), [...toolTexts].sort());

      endpoint.requests.length = 0;
      const second = await serve(scratch, endpoint, MEANING_TOOLS);
      await waitFor(() => second.logs.some((line) => EMBEDDED_ALL.test(line)), 'the catalog read from the cache');
      assert.deepEqual((await second.search(MEANING_QUERY)).slice(0, 3), [...WORDS_FIRST, 'sports_ranking_get_champion'].map(gatewayName));
      await second.close();
      assert.deepEqual(endpoint.embeddedTexts(), [MEANING_QUERY], 'only the query went to the endpoint');

      endpoint.requests.length = 0;
      const changed = MEANING_TOOLS.map((tool) =>
        tool.name === 'trivia_get_question' ? { ...tool, description: 'Get a random quiz question.' } : tool,
      );
      const third = await serve(scratch, endpoint, changed);
      await waitFor(() => third.logs.some((line) => EMBEDDED_ALL.test(line)), 'the changed tool embedded');
      await third.close();
      assert.deepEqual(endpoint.embeddedTexts(), [
        embeddingTextOf({ name: gatewayName('trivia_get_question'), description: 'Get a random quiz question.' }),
      ]);
    } finally {
      await endpoint.close();
      scratch.remove();
    }
  });

  const failures: EmbeddingsBehaviour[] = ['error-500', 'hang', 'garbage', 'wrong-dimensions', 'huge'];
  // Each case has its own endpoint, scratch folder and gateway, so they run side by side.
  describe('an endpoint that fails', { concurrency: true }, () => {
    for (const respond of failures) {
      test(`ranks by words alone with one warning when the endpoint answers ${respond}`, async () => {
        const scratch = createScratchFolder();
        const endpoint = await startEmbeddingsEndpoint(bagOfStems, { respond });
        const served = await serve(scratch, endpoint, MEANING_TOOLS, { timeout_ms: 1_000 });
        try {
          for (let search = 0; search < 3; search++) assert.deepEqual(await served.search(MEANING_QUERY), WORDS_FIRST.map(gatewayName));
          await waitFor(() => served.logs.some((line) => line.includes('warning')), 'the warning');
          const warnings = served.logs.filter((line) => line.includes('warning'));
          assert.equal(warnings.length, 1, warnings.join('\n'));
          assert.match(
            warnings[0]!,
            new RegExp(
              `^tool-search serve: warning: embeddings \\(http://127\\.0\\.0\\.1:\\d+/v1, model stems\\): .+; tool_search ranks by words alone until it answers`,
            ),
          );
          assert.ok(!served.logs.join('\n').includes(API_KEY));
        } finally {
          await served.close();
          await endpoint.close();
          scratch.remove();
        }
      });
    }
  });

  test('refuses --semantic and tools.tool_search.semantic: true, naming search.embeddings instead', async () => {
    const scratch = createScratchFolder();
    try {
      const flag = await runCli(['serve', '--semantic', '--config', scratch.write('plain.json', { mcp_servers: {} })]);
      assert.equal(flag.code, 2);
      assert.ok(flag.stderr.includes(`--semantic was removed: ${SEMANTIC_RETIRED}`), flag.stderr);
      const key = await runCli([
        'serve',
        '--config',
        scratch.write('semantic.json', { tools: { tool_search: { semantic: true } }, mcp_servers: {} }),
      ]);
      assert.equal(key.code, 2);
      assert.ok(key.stderr.includes(`tools.tool_search.semantic: ${SEMANTIC_RETIRED}`), key.stderr);
    } finally {
      scratch.remove();
    }
  });
});
