import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { createChatRequestWriter, MAX_CHAT_ANSWER_BYTES } from '../../src/request-pack/chat-request-writer.ts';
import { mcpServerTools } from '../support/fixtures.ts';
import { startScriptedChatEndpoint, twoRequestsEach } from './fixtures/scripted-chat-endpoint.ts';

const signal = () => new AbortController().signal;

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('createChatRequestWriter (against a scripted OpenAI-compatible endpoint on 127.0.0.1)', () => {
  it('asks about several tools in one prompt, with the model and the key, and reads the requests per tool', async () => {
    const endpoint = await startScriptedChatEndpoint(twoRequestsEach);
    try {
      const tools = mcpServerTools('memory').slice(0, 3);
      const write = createChatRequestWriter({ url: endpoint.url, model: 'qwen3:8b', apiKey: 'sk-test-key' });
      const written = await write(tools, { signal: signal() });
      assert.deepEqual(
        Object.keys(written),
        tools.map((tool) => tool.name),
      );
      assert.deepEqual(written['mcp_memory_create_entities'], [
        'first way to ask for mcp_memory_create_entities',
        'second way to ask for mcp_memory_create_entities',
      ]);
      assert.equal(endpoint.requests.length, 1);
      assert.equal(endpoint.requests[0]!.body['model'], 'qwen3:8b');
      assert.equal(endpoint.requests[0]!.authorization, 'Bearer sk-test-key');
      assert.deepEqual(endpoint.toolNamesAsked(), [tools.map((tool) => tool.name)]);
    } finally {
      await endpoint.close();
    }
  });

  it('reads an object inside a code fence, and takes the full chat/completions URL as given', async () => {
    const endpoint = await startScriptedChatEndpoint((tools) => ({
      content: `Sure!\n\`\`\`json\n${JSON.stringify({ [tools[0]!]: ['keep my notes'] })}\n\`\`\``,
    }));
    try {
      const write = createChatRequestWriter({ url: `${endpoint.url}/chat/completions`, model: 'm' });
      const written = await write(mcpServerTools('memory').slice(0, 1), { signal: signal() });
      assert.deepEqual(Object.values(written), [['keep my notes']]);
      assert.equal(endpoint.requests[0]!.authorization, undefined);
    } finally {
      await endpoint.close();
    }
  });

  it('stops reading an answer past MAX_CHAT_ANSWER_BYTES and rejects, naming the bound', async () => {
    const endpoint = await startScriptedChatEndpoint(() => ({ content: 'x'.repeat(MAX_CHAT_ANSWER_BYTES + 1) }));
    try {
      const write = createChatRequestWriter({ url: endpoint.url, model: 'm' });
      await assert.rejects(
        write(mcpServerTools('memory').slice(0, 1), { signal: signal() }),
        new RegExp(`the answer is larger than ${MAX_CHAT_ANSWER_BYTES} bytes`),
      );
    } finally {
      await endpoint.close();
    }
  });

  it('rejects with a one-line reason on an HTTP error, garbage, or an endpoint that is down', async () => {
    const endpoint = await startScriptedChatEndpoint((_tools, number) =>
      number === 1 ? { status: 500 } : { content: 'I cannot help with that.' },
    );
    const tools = mcpServerTools('memory').slice(0, 1);
    try {
      const write = createChatRequestWriter({ url: endpoint.url, model: 'm' });
      await assert.rejects(write(tools, { signal: signal() }), /the endpoint answered HTTP 500/);
      await assert.rejects(write(tools, { signal: signal() }), /the message is not a JSON object of request lists/);
    } finally {
      await endpoint.close();
    }
    await assert.rejects(
      createChatRequestWriter({ url: `http://127.0.0.1:${await closedPort()}/v1`, model: 'm' })(tools, { signal: signal() }),
      /cannot reach the endpoint \(ECONNREFUSED\)/,
    );
  });
});
