import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createSemanticRanker } from '../../src/catalog/meaning/semantic-ranker.ts';
import type { TextEmbedder } from '../../src/catalog/meaning/text-embedder.ts';
import { createScratchFolder, firstText, SCRIPTED_SERVER, waitFor, type ScratchFolder } from './fixtures/gateway-test-support.ts';
import { startHttpGateway, type HttpGatewayUnderTest } from './fixtures/start-http-gateway.ts';

/** An embedder that records every text it is given (vectors: letter counts, enough to rank). */
function recordingEmbedder(): TextEmbedder & { readonly texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    async embed(batch) {
      texts.push(...batch);
      return batch.map((text) =>
        Array.from({ length: 26 }, (_, letter) => [...text.toLowerCase()].filter((char) => char.charCodeAt(0) === 97 + letter).length + 1),
      );
    },
  };
}

// The gateway with a semantic ranker, in front of a scripted upstream whose `grow` tool adds a tool
// and sends tools/list_changed to the gateway (the client's array, the bridge tools, stays the same):
// the catalog is embedded in the background at start and again after each change, before any
// tool_search asks for it.
describe('the gateway embeds its catalog in the background', () => {
  let scratch: ScratchFolder;
  let under: HttpGatewayUnderTest;
  const embedder = recordingEmbedder();

  before(async () => {
    scratch = createScratchFolder();
    under = await startHttpGateway(
      {
        tools: { tool_search: { enabled: 'on' } },
        mcp_servers: { steady: { command: process.execPath, args: [SCRIPTED_SERVER] } },
      },
      scratch.path,
      { semantic: createSemanticRanker(embedder) },
    );
  });
  after(async () => {
    await under?.close();
    scratch?.remove();
  });

  test('at start, and again when an upstream adds a tool, without a search', async () => {
    await waitFor(() => embedder.texts.some((text) => text.startsWith('mcp steady echo:')), 'the start-up catalog embedded');
    assert.ok(!embedder.texts.some((text) => text.includes('extra')), 'no extra tool yet');
    const grown = await under.client.callTool({ name: 'tool_call', arguments: { name: 'mcp_steady_grow', arguments: {} } });
    assert.equal(firstText(grown), 'added extra_1');
    await waitFor(() => embedder.texts.some((text) => text.startsWith('mcp steady extra 1:')), 'the new tool embedded in the background');
    // Each text once: the unchanged tools were not embedded again.
    assert.equal(new Set(embedder.texts).size, embedder.texts.length, embedder.texts.join(' | '));
  });
});
