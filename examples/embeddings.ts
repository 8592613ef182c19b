/**
 * tool_search ranking by meaning too, with your own embedding model through the AI SDK's `embedMany`:
 * any OpenAI-compatible embeddings endpoint (OpenAI, Ollama, LM Studio, vLLM, llama.cpp's server,
 * text-embeddings-inference). The session's `embed` option takes texts and gives one vector per text;
 * meaning can only add to the words ranking, and a failing or slow endpoint leaves the ranking by words.
 * Run: TOOL_SEARCH_BASE_URL=http://127.0.0.1:11434/v1 TOOL_SEARCH_EMBEDDING_MODEL=nomic-embed-text node --import tsx examples/embeddings.ts
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embedMany } from 'ai';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { connectExampleServers } from './connect-example-servers.ts';

const baseURL = process.env['TOOL_SEARCH_BASE_URL'];
const modelName = process.env['TOOL_SEARCH_EMBEDDING_MODEL'];
if (!baseURL || !modelName) {
  throw new Error(
    'Set TOOL_SEARCH_BASE_URL (e.g. http://127.0.0.1:11434/v1) and TOOL_SEARCH_EMBEDDING_MODEL (e.g. nomic-embed-text) to an OpenAI-compatible embeddings endpoint.',
  );
}
const model = createOpenAICompatible({ name: 'local', baseURL, apiKey: process.env['OPENAI_API_KEY'] ?? 'local' }).embeddingModel(
  modelName,
);

const { source, close } = await connectExampleServers();
try {
  const session = createToolSearchSession({
    tools: source.tools,
    config: resolveToolSearchConfig({ enabled: 'on' }).config,
    // Tool texts are embedded once per text (in batches, cached in memory), queries as they come.
    embed: async (texts) => (await embedMany({ model, values: texts, maxRetries: 0 })).embeddings,
  });
  const found = await session.call('tool_search', { query: 'add a note to what you know about a person' });
  if (!found.ok) throw new Error(found.error.message);
  console.log(`tool_search -> ${(found.value as { matches: { name: string }[] }).matches.map((match) => match.name).join(', ')}`);
} finally {
  await close();
}
