/**
 * tool-search/anthropic: the agent on the Messages API with the official Anthropic client. Works with
 * servers that speak the Messages API at TOOL_SEARCH_BASE_URL (a trailing /v1 is dropped).
 * Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... node --import tsx examples/anthropic.ts
 */
import Anthropic from '@anthropic-ai/sdk';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { runAnthropicToolUses, toAnthropicTools } from 'tool-search/anthropic';
import { exampleHooks } from './hooks.ts';
import { connectExampleServers } from './connect-example-servers.ts';
import { describeCall, EXAMPLE_PROMPT, readEndpoint } from './read-endpoint.ts';

const endpoint = readEndpoint();
const client = new Anthropic({ baseURL: endpoint.baseURL.replace(/\/v1\/?$/, ''), apiKey: endpoint.apiKey });
const { source, close } = await connectExampleServers();
try {
  const session = createToolSearchSession({
    tools: source.tools,
    config: resolveToolSearchConfig({ enabled: 'on' }).config, // these 22 tools are under auto's threshold
    hooks: exampleHooks(), // guardrail, terminal approval, redaction (examples/hooks.ts)
  });
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: EXAMPLE_PROMPT }];
  for (let step = 0; step < 8; step += 1) {
    const stream = client.messages.stream({ model: endpoint.model, max_tokens: 1024, messages, tools: toAnthropicTools(session) });
    const message = await stream.finalMessage();
    messages.push({ role: 'assistant', content: message.content });
    if (message.stop_reason !== 'tool_use') {
      console.log(`answer: ${message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}`);
      break;
    }
    const results = await runAnthropicToolUses(session, message);
    for (const block of message.content) {
      const result = results.content.find((candidate) => block.type === 'tool_use' && candidate.tool_use_id === block.id);
      if (block.type === 'tool_use' && result !== undefined) console.log(describeCall(block.name, block.input, String(result.content)));
    }
    messages.push(results);
  }
} finally {
  await close();
}
