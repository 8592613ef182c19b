/**
 * tool-search/anthropic in native mode: the Messages API's own deferred loading. The deferred tools
 * travel with `defer_loading: true` (kept out of the model's context), our `tool_search` answers with
 * `tool_reference` blocks, and the model then calls the real tools directly, through the same hooks
 * and approval as in bridge mode. Needs a Claude model that supports tool search (bridge mode,
 * examples/anthropic.ts, works with any model).
 * Run: TOOL_SEARCH_BASE_URL=https://api.anthropic.com TOOL_SEARCH_MODEL=... ANTHROPIC_API_KEY=... node --import tsx examples/anthropic-native.ts
 */
import Anthropic from '@anthropic-ai/sdk';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { dropUnresolvableToolReferences, runAnthropicNativeToolUses, toAnthropicNativeTools } from 'tool-search/anthropic';
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
    // The breakpoint goes on tool_search, the last tool: the API refuses cache_control on a deferred one.
    const tools = toAnthropicNativeTools(session, { cacheControl: { type: 'ephemeral' } });
    // A tool found earlier may be gone since (a server stopped): the API refuses a reference to it.
    const stream = client.messages.stream({
      model: endpoint.model,
      max_tokens: 1024,
      messages: dropUnresolvableToolReferences(messages, tools),
      tools,
    });
    const message = await stream.finalMessage();
    messages.push({ role: 'assistant', content: message.content });
    if (message.stop_reason !== 'tool_use') {
      console.log(`answer: ${message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}`);
      break;
    }
    const results = await runAnthropicNativeToolUses(session, message);
    for (const block of message.content) {
      const result = results.content.find((candidate) => block.type === 'tool_use' && candidate.tool_use_id === block.id);
      if (block.type !== 'tool_use' || result === undefined) continue;
      const loaded = Array.isArray(result.content)
        ? result.content.flatMap((part) => (part.type === 'tool_reference' ? [part.tool_name] : []))
        : [];
      console.log(describeCall(block.name, block.input, loaded.length > 0 ? `loaded ${loaded.join(', ')}` : String(result.content)));
    }
    messages.push(results);
  }
} finally {
  await close();
}
