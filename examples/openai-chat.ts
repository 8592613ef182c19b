/**
 * tool-search/openai, Chat Completions: the classic tool loop with the official OpenAI client.
 * Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... node --import tsx examples/openai-chat.ts
 */
import OpenAI from 'openai';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { runChatToolCalls, toChatTools } from 'tool-search/openai';
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
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: EXAMPLE_PROMPT }];
  for (let step = 0; step < 8; step += 1) {
    const stream = client.chat.completions.stream({ model: endpoint.model, messages, tools: toChatTools(session) });
    const message = (await stream.finalChatCompletion()).choices[0]!.message;
    messages.push(message);
    if (message.tool_calls === undefined || message.tool_calls.length === 0) {
      console.log(`answer: ${message.content ?? ''}`);
      break;
    }
    const replies = await runChatToolCalls(session, message);
    message.tool_calls.forEach((call, index) => {
      if (call.type === 'function') console.log(describeCall(call.function.name, call.function.arguments, String(replies[index]?.content)));
    });
    messages.push(...replies);
  }
} finally {
  await close();
}
