/**
 * Requests "the user's own model" wrote for the request sets' servers
 * (bench/data/model-written-requests/SOURCE.md), replayed through the gateway's own chat request
 * writer: each batch of tools is sent to createChatRequestWriter, whose fetch answers with the
 * recorded answers, so the bench reads them exactly as `search.expand` would read a live endpoint's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createChatRequestWriter } from '../../src/request-pack/chat-request-writer.ts';
import { DEFAULT_WRITE_BATCH_SIZE } from '../../src/requests/write-requests-in-background.ts';
import type { Tool } from '../../src/tools/tool.ts';

export const MODEL_WRITTEN_FOLDER = fileURLToPath(new URL('../data/model-written-requests/', import.meta.url));

/** One server's recorded answers: the prompt's answers as the model gave them, batch by batch. */
interface ModelWrittenFile {
  readonly server: string;
  readonly answers: ReadonlyArray<Record<string, unknown>>;
}

/** Whether answers were recorded for a toolset. */
export function hasModelWrittenRequests(toolset: string, folder: string = MODEL_WRITTEN_FOLDER): boolean {
  return existsSync(fileOf(toolset, folder));
}

/**
 * The model's requests for `tools` (all of one server with recorded answers), asked in batches of
 * DEFAULT_WRITE_BATCH_SIZE as the gateway asks: tool -> requests (none for a tool no answer names).
 */
export async function modelWrittenRequests(
  tools: readonly Tool[],
  folder: string = MODEL_WRITTEN_FOLDER,
): Promise<Map<Tool, readonly string[]>> {
  const written = new Map<Tool, readonly string[]>();
  if (tools.length === 0) return written;
  const recorded = JSON.parse(readFileSync(fileOf(tools[0]!.toolset, folder), 'utf8')) as ModelWrittenFile;
  const byName = new Map<string, unknown>();
  for (const answer of recorded.answers) for (const [name, requests] of Object.entries(answer)) byName.set(name, requests);
  // An OpenAI-compatible endpoint that answers each prompt with the recorded requests of the tools it names.
  const replay = (async (_url: string, init: RequestInit) => {
    const prompt = JSON.parse(String(init.body)) as { messages: Array<{ content: string }> };
    const asked = (JSON.parse(prompt.messages[1]!.content) as { tools: Array<{ name: string }> }).tools;
    const answer = Object.fromEntries(asked.filter((tool) => byName.has(tool.name)).map((tool) => [tool.name, byName.get(tool.name)]));
    return new Response(JSON.stringify({ choices: [{ message: { content: JSON.stringify(answer) } }] }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  const write = createChatRequestWriter({ url: 'http://127.0.0.1:1/v1', model: 'recorded', fetch: replay });
  for (let start = 0; start < tools.length; start += DEFAULT_WRITE_BATCH_SIZE) {
    const batch = tools.slice(start, start + DEFAULT_WRITE_BATCH_SIZE);
    const answer = await write(batch, { signal: new AbortController().signal });
    for (const tool of batch) {
      const requests = answer[tool.name] ?? [];
      if (requests.length > 0) written.set(tool, requests);
    }
  }
  return written;
}

/** A toolset's file: named by the toolset exactly (`mcp-trello.json`; LiveMCPBench's `puppeteer.json` beside `mcp-puppeteer.json`). */
function fileOf(toolset: string, folder: string): string {
  return join(folder, `${toolset}.json`);
}
