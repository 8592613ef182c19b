import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runExample } from './fixtures/run-example.ts';
import { startScriptedApiServer, type RecordedRequest } from './fixtures/scripted-api-server.ts';
import type { ScriptedTurn } from './fixtures/scripted-language-model.ts';
import { bagOfStems, startEmbeddingsEndpoint } from '../support/embeddings-endpoint.ts';

const REMEMBER_ADA: ScriptedTurn[] = [
  { calls: [{ tool: 'tool_search', input: { query: 'create entities knowledge graph' } }] },
  {
    calls: [
      {
        tool: 'tool_call',
        input: {
          name: 'mcp_memory_create_entities',
          arguments: { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] },
        },
      },
    ],
  },
  { text: 'Saved: Ada likes tea.' },
];

function toolNamesOf(request: RecordedRequest): string[] {
  return (request.body['tools'] as { name?: string; function?: { name: string } }[]).map((tool) => tool.name ?? tool.function!.name);
}

describe('examples run as programs', { concurrency: 2 }, () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tool-search-examples-'));
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  for (const file of ['ai-sdk.ts', 'openai-chat.ts', 'openai-responses.ts', 'anthropic.ts']) {
    test(`${file} searches, asks approval and calls a real MCP server through a scripted endpoint`, async () => {
      const server = await startScriptedApiServer(REMEMBER_ADA);
      const memoryFile = join(folder, `${file}.jsonl`);
      try {
        const result = await runExample(
          file,
          {
            TOOL_SEARCH_BASE_URL: `${server.origin}/v1`,
            TOOL_SEARCH_MODEL: 'scripted',
            OPENAI_API_KEY: 'test',
            MEMORY_FILE_PATH: memoryFile,
          },
          'y\n',
        );
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, /Allow mcp_memory_create_entities \{"entities":\[\{"name":"Ada"/);
        assert.match(result.stdout, /answer: Saved: Ada likes tea\./);
        assert.match(await readFile(memoryFile, 'utf8'), /"name":"Ada"/);
        assert.equal(server.requests.length, 3);
        assert.deepEqual(toolNamesOf(server.requests[0]!).slice(-3), ['tool_search', 'tool_describe', 'tool_call']);
        for (const request of server.requests)
          assert.equal(JSON.stringify(request.body['tools']), JSON.stringify(server.requests[0]!.body['tools']));
      } finally {
        await server.close();
      }
    });
  }

  test('mcp-client.ts searches and calls two real MCP servers and shows the guardrail and the subagent scope', async () => {
    const result = await runExample('mcp-client.ts', { MEMORY_FILE_PATH: join(folder, 'mcp-client.jsonl') });
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /model sees: tool_search, tool_describe, tool_call/);
    assert.match(result.stdout, /tool_search -> .*"name":"mcp_memory_create_entities"/);
    assert.match(result.stdout, /\[activity\] mcp_memory_delete_entities \(mcp-memory\): denied/);
    assert.match(result.stdout, /subagent tool_call echo -> .*"code":"unknown_tool"/);
  });

  test('write-requests.ts has the model write requests for the tools in one batched call, beside the pack', async () => {
    const written = {
      mcp_memory_create_entities: ['remember someone new', 'keep a note about a person'],
      mcp_everything_echo: ['say it back to me'],
    };
    const server = await startScriptedApiServer([{ text: `Here you are:\n${JSON.stringify(written)}` }]);
    try {
      const result = await runExample('write-requests.ts', {
        TOOL_SEARCH_BASE_URL: `${server.origin}/v1`,
        TOOL_SEARCH_MODEL: 'scripted',
        OPENAI_API_KEY: 'test',
        MEMORY_FILE_PATH: join(folder, 'write-requests.jsonl'),
      });
      assert.equal(result.code, 0, result.stderr);
      assert.equal(server.requests.length, 1);
      assert.match(JSON.stringify(server.requests[0]!.body['messages']), /mcp_memory_create_entities/);
      assert.match(result.stdout, /^mcp_memory_create_entities: \d+ from the pack, 2 from the model; e\.g\. "remember someone new"$/m);
      assert.match(result.stdout, /^mcp_everything_echo: \d+ from the pack, 1 from the model; e\.g\. "say it back to me"$/m);
      assert.match(result.stdout, /^tool_search -> \{"query":"store a fact about a person"/m);
    } finally {
      await server.close();
    }
  });

  test('embeddings.ts ranks by meaning too, through embedMany and a scripted embeddings endpoint', async () => {
    const endpoint = await startEmbeddingsEndpoint(bagOfStems);
    try {
      const result = await runExample('embeddings.ts', {
        TOOL_SEARCH_BASE_URL: endpoint.url,
        TOOL_SEARCH_EMBEDDING_MODEL: 'stems',
        OPENAI_API_KEY: 'test',
        MEMORY_FILE_PATH: join(folder, 'embeddings.jsonl'),
      });
      assert.equal(result.code, 0, result.stderr);
      assert.match(result.stdout, /^tool_search -> mcp_memory_add_observations, /m);
      const embedded = endpoint.embeddedTexts();
      assert.ok(embedded.includes('add a note to what you know about a person'), 'the query was embedded');
      assert.ok(
        embedded.some((text) => text.startsWith('mcp memory create entities: ')),
        'the tools were embedded',
      );
      for (const request of endpoint.requests) assert.equal(request.body.model, 'stems');
    } finally {
      await endpoint.close();
    }
  });

  test('a model example says what to set when no endpoint is configured', async () => {
    const result = await runExample('openai-chat.ts', { TOOL_SEARCH_BASE_URL: '', TOOL_SEARCH_MODEL: '' });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /Set TOOL_SEARCH_BASE_URL \(e\.g\. http:\/\/127\.0\.0\.1:11434\/v1\) and TOOL_SEARCH_MODEL/);
  });
});
