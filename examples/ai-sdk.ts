/**
 * tool-search/ai: a Vercel AI SDK agent over two real MCP servers, with a guardrail, a terminal
 * approval and a redaction hook. Run: TOOL_SEARCH_BASE_URL=... TOOL_SEARCH_MODEL=... node --import tsx examples/ai-sdk.ts
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import { createToolSearchSession, resolveToolSearchConfig } from 'tool-search';
import { createAiSdkTools, fromAiSdkTools } from 'tool-search/ai';
import { exampleHooks } from './hooks.ts';
import { connectExampleServers } from './connect-example-servers.ts';
import { describeCall, EXAMPLE_PROMPT, readEndpoint } from './read-endpoint.ts';

const endpoint = readEndpoint();
const model = createOpenAICompatible({ name: 'local', baseURL: endpoint.baseURL, apiKey: endpoint.apiKey }).chatModel(endpoint.model);
const { source, close } = await connectExampleServers();
try {
  // The app's own tools stay visible (toolset "core"); the MCP servers' tools are deferred.
  const appTools = await fromAiSdkTools(
    {
      current_time: tool({
        description: 'The current time, ISO 8601.',
        inputSchema: z.object({}),
        execute: async () => new Date().toISOString(),
      }),
    },
    { toolset: 'core' },
  );
  const session = createToolSearchSession({
    tools: () => [...appTools, ...source.tools()],
    config: resolveToolSearchConfig({ enabled: 'on' }).config, // these 22 tools are under auto's threshold
    hooks: exampleHooks(), // guardrail, terminal approval, redaction (examples/hooks.ts)
  });
  const result = await generateText({
    model,
    ...createAiSdkTools(session),
    stopWhen: stepCountIs(8),
    prompt: EXAMPLE_PROMPT,
  });
  for (const step of result.steps) {
    for (const toolResult of step.toolResults) {
      console.log(describeCall(toolResult.toolName, toolResult.input, JSON.stringify(toolResult.output)));
    }
  }
  console.log(`answer: ${result.text}`);
} finally {
  await close();
}
