/**
 * tool-search/openai, Responses API: the same agent on `client.responses` (the server must offer
 * /v1/responses). Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... npx tsx examples/openai-responses.ts
 */
import OpenAI from 'openai';
import { createToolSearchSession } from 'tool-search';
import { runResponsesToolCalls, toResponsesTools } from 'tool-search/openai';
import { blockDeletes, createTerminalApprover, redactSecrets } from './hooks.ts';
import { connectExampleServers } from './connect-example-servers.ts';
import { describeCall, EXAMPLE_PROMPT, readEndpoint } from './read-endpoint.ts';

const endpoint = readEndpoint();
const client = new OpenAI({ baseURL: endpoint.baseURL, apiKey: endpoint.apiKey });
const { source, close } = await connectExampleServers();
try {
  const session = createToolSearchSession({
    tools: source.tools,
    config: { enabled: 'on', thresholdPct: 10, searchDefaultLimit: 5, maxSearchLimit: 20 },
    hooks: {
      guardrails: [blockDeletes],
      approve: createTerminalApprover({ needsApproval: (name) => name.includes('create') }),
      afterCall: [redactSecrets],
    },
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
      if (item.type === 'function_call' && output !== undefined) console.log(describeCall(item.name, item.arguments, String(output.output)));
    }
    input.push(...(response.output as OpenAI.Responses.ResponseInputItem[]), ...outputs);
  }
} finally {
  await close();
}
