import type { WriteRequests } from '../requests/write-requests-in-background.ts';
import { originalNameOf, type Tool } from '../tools/tool.ts';
import { readBoundedJson } from '../embeddings/read-bounded-json.ts';

/** Requests asked of the model per tool. @default 8 */
export const DEFAULT_REQUESTS_PER_TOOL = 8;

export interface ChatRequestWriterOptions {
  /**
   * An OpenAI-compatible endpoint: its base (`http://127.0.0.1:11434/v1`, to which
   * `/chat/completions` is added) or the full `.../chat/completions` URL. Ollama, vLLM, llama.cpp's
   * server, LM Studio and OpenAI all serve one.
   */
  readonly url: string;
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given. */
  readonly apiKey?: string;
  /** @default DEFAULT_REQUESTS_PER_TOOL */
  readonly requestsPerTool?: number;
  /** @default globalThis.fetch */
  readonly fetch?: typeof fetch;
}

const INSTRUCTIONS = (count: number) =>
  [
    'You help a search engine find tools for an AI agent.',
    `For each tool below, write ${count} short requests that a person or an AI agent would type when they need that tool.`,
    "Use everyday words and the user's goals and outcomes, not the tool's own description reworded; mix keyword queries and whole sentences.",
    'Leave out argument values: no names of people, numbers, file paths, URLs or quoted text.',
    'Answer with one JSON object and nothing else: each key is a tool name exactly as given, each value a list of strings.',
  ].join(' ');

/**
 * The most of a chat endpoint's answer read: a batch's requests are a few tens of KB, and an endpoint
 * (or whatever answers at its URL) must not make the gateway hold an answer of any size.
 */
export const MAX_CHAT_ANSWER_BYTES = 1024 * 1024;

/**
 * A `writeRequests` for `createRequestSources` that asks an OpenAI-compatible chat endpoint, one
 * prompt per batch of tools (their names, descriptions and parameters), and reads the JSON object it
 * answers with (a code fence or text around it is tolerated). Rejects with a one-line reason when the
 * endpoint cannot be reached, answers an HTTP error, or answers something that is not such an
 * object; the caller (createRequestSources) reports it once and tries again later.
 */
export function createChatRequestWriter(options: ChatRequestWriterOptions): WriteRequests {
  const endpoint = /\/chat\/completions\/?$/.test(options.url) ? options.url : `${options.url.replace(/\/+$/, '')}/chat/completions`;
  const count = options.requestsPerTool ?? DEFAULT_REQUESTS_PER_TOOL;
  const send = options.fetch ?? globalThis.fetch;
  return async (tools, { signal }) => {
    let response: Response;
    try {
      response = await send(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey === undefined || options.apiKey === '' ? {} : { authorization: `Bearer ${options.apiKey}` }),
        },
        body: JSON.stringify({
          model: options.model,
          temperature: 0,
          messages: [
            { role: 'system', content: INSTRUCTIONS(count) },
            { role: 'user', content: JSON.stringify({ tools: tools.map(promptTool) }) },
          ],
        }),
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw new Error('the request was abandoned (timeout)');
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`cannot reach the endpoint (${cause?.code ?? cause?.message ?? (error as Error).message})`);
    }
    if (!response.ok) throw new Error(`the endpoint answered HTTP ${response.status}`);
    let body: { choices?: Array<{ message?: { content?: unknown } }> } | undefined;
    try {
      body = (await readBoundedJson(response, MAX_CHAT_ANSWER_BYTES, signal)) as typeof body;
    } catch (error) {
      if ((error as Error).message.startsWith('the answer is larger')) throw error;
      body = undefined;
    }
    const content = body?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the answer has no message text (not an OpenAI-compatible chat completion)');
    const answer = readJsonObject(content);
    if (answer === undefined) throw new Error('the message is not a JSON object of request lists');
    return Object.fromEntries(
      tools.map((tool) => {
        const given = answer[tool.name] ?? answer[originalNameOf(tool)];
        return [
          tool.name,
          Array.isArray(given) ? given.filter((text): text is string => typeof text === 'string').slice(0, count * 2) : [],
        ];
      }),
    );
  };
}

/** What the model is shown of a tool: its name, description and parameters' names and descriptions, cut short. */
function promptTool(tool: Tool): Record<string, unknown> {
  const properties = (tool.parameters['properties'] ?? {}) as Record<string, { description?: unknown } | undefined>;
  const parameters = Object.fromEntries(
    Object.entries(properties)
      .slice(0, 30)
      .map(([name, schema]) => [name, typeof schema?.description === 'string' ? schema.description.slice(0, 120) : '']),
  );
  return { name: tool.name, description: tool.description.slice(0, 1_200), parameters };
}

/** The JSON object in a model's message: the whole text, or the part from the first `{` to the last `}`. */
function readJsonObject(content: string): Record<string, unknown> | undefined {
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end < start) return undefined;
  try {
    const value = JSON.parse(content.slice(start, end + 1)) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
