/**
 * Requests for tools from your own model, at index time: `createRequestSources({writeRequests})` asks
 * it, in the background and in batches, how people would ask for each tool, and attaches the answers
 * (with the shipped request pack's) to the tools for tool_search. The model never sees them.
 * Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... node --import tsx examples/write-requests.ts
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';
import { createRequestSources, createToolSearchSession, resolveToolSearchConfig, type Tool, type WriteRequests } from 'tool-search';
import { loadRequestPack } from 'tool-search/request-pack';
import { connectExampleServers } from './connect-example-servers.ts';
import { readEndpoint } from './read-endpoint.ts';

const endpoint = readEndpoint();
const model = createOpenAICompatible({ name: 'local', baseURL: endpoint.baseURL, apiKey: endpoint.apiKey }).chatModel(endpoint.model);

/** Asks the model for eight requests per tool, as one JSON object keyed by tool name. */
const writeRequests: WriteRequests = async (tools, { signal }) => {
  const { text } = await generateText({
    model,
    abortSignal: signal,
    system:
      'For each tool, write 8 short requests a user would type when they need it, in everyday words, without argument values. ' +
      'Answer with one JSON object only: tool name -> list of strings.',
    prompt: JSON.stringify(tools.map((tool: Tool) => ({ name: tool.name, description: tool.description }))),
  });
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
  return JSON.parse(json) as Record<string, string[]>;
};

const { source, close } = await connectExampleServers();
try {
  const requests = createRequestSources({
    pack: loadRequestPack().lookup(), // the shipped pack: toolsets mcp-memory and mcp-everything match by name
    writeRequests,
    // Requests are kept per model and per tool content (in memory here: give `cache` to keep them on disk).
    writing: { model: endpoint.model, batchSize: 32, onWarning: (line) => console.error(`warning: ${line}`) },
  });
  const session = createToolSearchSession({ tools: source.tools, requests, config: resolveToolSearchConfig({ enabled: 'on' }).config });
  session.tools(); // the first read starts the writing; searches never wait for it
  await requests.idle();
  for (const tool of session.tools().filter((tool) => tool.name === 'mcp_memory_create_entities' || tool.name === 'mcp_everything_echo')) {
    const counts = requests.countsOf(tool);
    console.log(`${tool.name}: ${counts.pack} from the pack, ${counts.model} from the model; e.g. "${tool.requests?.at(-1) ?? ''}"`);
  }
  const found = await session.call('tool_search', { query: 'store a fact about a person' });
  console.log(`tool_search -> ${JSON.stringify(found.ok ? found.value : found.error).slice(0, 200)}`);
} finally {
  await close();
}
