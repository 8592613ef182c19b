import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runExample } from './fixtures/run-example.ts';
import { checkAnthropicMessages, checkAnthropicTools, checkResponsesInput, checkResponsesTools } from './fixtures/native-wire-shapes.ts';
import { startNativeScriptedServer, type NativeScriptedTurn } from './fixtures/scripted-native-server.ts';

const ADA = { entities: [{ name: 'Ada', entityType: 'person', observations: ['likes tea'] }] };

/** The model's side: search natively, then call the real tool directly (in its namespace on Responses). */
const rememberAda = (namespace?: string): NativeScriptedTurn[] => [
  { calls: [{ tool: 'tool_search', input: { query: 'create entities knowledge graph' } }] },
  { calls: [{ tool: 'mcp_memory_create_entities', input: ADA, ...(namespace === undefined ? {} : { namespace }) }] },
  { text: 'Saved: Ada likes tea.' },
];

const EXAMPLES = [
  {
    file: 'anthropic-native.ts',
    turns: rememberAda(),
    check: (body: Record<string, unknown>) => [
      ...checkAnthropicTools(body['tools']),
      ...checkAnthropicMessages(body['messages'], body['tools']),
    ],
    searched: /-> tool_search \{"query":"create entities knowledge graph"\}\n<- loaded mcp_memory_create_entities/,
  },
  {
    file: 'openai-responses-native.ts',
    turns: rememberAda('mcp-memory'),
    check: (body: Record<string, unknown>) => [...checkResponsesTools(body['tools']), ...checkResponsesInput(body['input'], body['tools'])],
    searched: /-> tool_search \{"query":"create entities knowledge graph"\}\n<- loaded mcp_memory_create_entities/,
  },
];

describe('native-mode examples run as programs', { concurrency: 2 }, () => {
  let folder: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'tool-search-native-examples-'));
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  for (const example of EXAMPLES) {
    test(`${example.file} searches natively, asks approval and calls a real MCP server directly`, async () => {
      const server = await startNativeScriptedServer(example.turns);
      const memoryFile = join(folder, `${example.file}.jsonl`);
      try {
        const result = await runExample(
          example.file,
          {
            TOOL_SEARCH_BASE_URL: `${server.origin}/v1`,
            TOOL_SEARCH_MODEL: 'scripted',
            OPENAI_API_KEY: 'test',
            MEMORY_FILE_PATH: memoryFile,
          },
          'y\n',
        );
        assert.equal(result.code, 0, result.stderr);
        assert.match(result.stdout, example.searched);
        assert.match(result.stdout, /Allow mcp_memory_create_entities \{"entities":\[\{"name":"Ada"/);
        assert.match(result.stdout, /-> mcp_memory_create_entities /);
        assert.match(result.stdout, /answer: Saved: Ada likes tea\./);
        assert.match(await readFile(memoryFile, 'utf8'), /"name":"Ada"/);
        assert.equal(server.requests.length, 3);
        const first = JSON.stringify(server.requests[0]!.body['tools']);
        assert.doesNotMatch(first, /"tool_call"|"tool_describe"/);
        assert.match(first, /"defer_loading":true/);
        for (const [index, request] of server.requests.entries()) {
          assert.deepEqual(example.check(request.body), [], `request ${index}`);
          assert.equal(JSON.stringify(request.body['tools']), first);
        }
      } finally {
        await server.close();
      }
    });
  }
});
