/**
 * tool-search/openai, Responses API: the same agent on `client.responses` (the server must offer
 * /v1/responses). Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... node --import tsx examples/openai-responses.ts
 */
import OpenAI from 'openai';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { runResponsesToolCalls, toResponsesTools } from 'tool-search/openai';
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
    const response = await client.responses.create({ model: endpoint.model, input, tools: toResponsesTools(session) });
    const outputs = await runResponsesToolCalls(session, response);
    if (outputs.length === 0) {
      console.log(`answer: ${response.output_text}`);
      break;
    }
    for (const item of response.output) {
      const output = outputs.find((candidate) => item.type === 'function_call' && candidate.call_id === item.call_id);
      if (item.type === 'function_call' && output !== undefined)
        console.log(describeCall(item.name, item.arguments, String(output.output)));
    }
    input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]), ...outputs);
  }
} finally {
  await close();
}
