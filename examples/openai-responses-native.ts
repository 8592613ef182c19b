/**
 * tool-search/openai, Responses API in native mode: the API's own client-executed tool search. The
 * deferred tools travel in one namespace per MCP server with `defer_loading: true` (the model sees
 * each namespace's name and description only), our search answers the model's `tool_search_call`
 * with a `tool_search_output` holding the found functions, and the model then calls them directly,
 * through the same hooks and approval as in bridge mode. Needs gpt-5.4 or later (bridge mode,
 * examples/openai-responses.ts, works with any model).
 * Run: TOOL_SEARCH_BASE_URL=https://api.openai.com/v1 TOOL_SEARCH_MODEL=gpt-5.4 OPENAI_API_KEY=... node --import tsx examples/openai-responses-native.ts
 */
import OpenAI from 'openai';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { runResponsesNativeToolCalls, toResponsesNativeTools } from 'tool-search/openai';
import { exampleHooks } from './hooks.ts';
import { connectExampleServers } from './connect-example-servers.ts';
import { describeCall, EXAMPLE_PROMPT, readEndpoint } from './read-endpoint.ts';

const endpoint = readEndpoint();
const client = new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey });
const { source, close } = await connectExampleServers();
try {
  const session = createToolSearchSession({
    tools: source.tools,
    config: resolveToolSearchConfig({ enabled: 'on' }).config, // these 22 tools are under auto's threshold
    hooks: exampleHooks(), // guardrail, terminal approval, redaction (examples/hooks.ts)
  });
  const input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: EXAMPLE_PROMPT }];
  for (let step = 0; step < 8; step += 1) {
    const response = await client.responses.create({ model: endpoint.model, input, tools: toResponsesNativeTools(session) });
    const replies = await runResponsesNativeToolCalls(session, response);
    if (replies.length === 0) {
      console.log(`answer: ${response.output_text}`);
      break;
    }
    for (const item of response.output) {
      if (item.type === 'tool_search_call') {
        const reply = replies.find((candidate) => candidate.type === 'tool_search_output' && candidate.call_id === item.call_id);
        const loaded =
          reply?.type === 'tool_search_output'
            ? reply.tools.flatMap((tool) => (tool.type === 'namespace' ? tool.tools.map((fn) => fn.name) : []))
            : [];
        console.log(describeCall('tool_search', item.arguments, `loaded ${loaded.join(', ') || 'nothing'}`));
      } else if (item.type === 'function_call') {
        const reply = replies.find((candidate) => candidate.type === 'function_call_output' && candidate.call_id === item.call_id);
        if (reply?.type === 'function_call_output') console.log(describeCall(item.name, item.arguments, String(reply.output)));
      }
    }
    // The search call and its output stay in the input: the loaded functions are part of the context from there on.
    input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]), ...replies);
  }
} finally {
  await close();
}
