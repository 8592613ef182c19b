/**
 * Where the model examples send their requests: any OpenAI-compatible server (a local llama.cpp,
 * Ollama, vLLM or LM Studio, or a hosted API), from the environment:
 *   TOOL_SEARCH_BASE_URL  e.g. http://127.0.0.1:11434/v1   (required)
 *   TOOL_SEARCH_MODEL     e.g. qwen3:8b                    (required)
 *   OPENAI_API_KEY        sent as the bearer token         (default "local")
 */
export interface Endpoint {
  readonly baseURL: string;
  readonly model: string;
  readonly apiKey: string;
}

export function readEndpoint(environment: NodeJS.ProcessEnv = process.env): Endpoint {
  const baseURL = environment['TOOL_SEARCH_BASE_URL'];
  const model = environment['TOOL_SEARCH_MODEL'];
  if (!baseURL || !model) {
    throw new Error(
      'Set TOOL_SEARCH_BASE_URL (e.g. http://127.0.0.1:11434/v1) and TOOL_SEARCH_MODEL to an OpenAI-compatible server and model.',
    );
  }
  return { baseURL, model, apiKey: environment['OPENAI_API_KEY'] ?? environment['ANTHROPIC_API_KEY'] ?? 'local' };
}

/** The task every model example gives: it needs a deferred tool, so the model has to search first. */
export const EXAMPLE_PROMPT = 'Remember in the knowledge graph that Ada (a person) likes tea. Use tool_search to find the right tool.';

/** One line per tool call for the transcript, arguments and result cut to keep it readable. */
export function describeCall(name: string, input: unknown, output: string): string {
  const cut = (text: string) => (text.length > 160 ? `${text.slice(0, 157)}...` : text);
  return `-> ${name} ${cut(typeof input === 'string' ? input : JSON.stringify(input))}\n<- ${cut(output)}`;
}
