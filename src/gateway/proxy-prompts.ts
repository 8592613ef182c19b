import { ErrorCode, McpError, type GetPromptResult, type Prompt } from '@modelcontextprotocol/sdk/types.js';
import { nameMcpTools } from '../integrations/mcp-client/name-mcp-tools.ts';
import type { Upstream } from './create-upstream.ts';
import { listAcrossUpstreams } from './list-upstream-pages.ts';

/** One upstream prompt as the gateway's clients see it. */
export interface ProxiedPrompt {
  /** The client-visible name, made like tool names: `mcp_<server>_<prompt>`, so two servers never collide. */
  readonly name: string;
  readonly upstream: Upstream;
  /** The upstream's own entry (its name is the upstream's). */
  readonly prompt: Prompt;
}

/**
 * The prompts of every connected upstream that offers prompts, in config order, named per server. An
 * upstream that fails to list them is left out of this listing (its status says why it is unwell).
 */
export async function listUpstreamPrompts(upstreams: readonly Upstream[], signal?: AbortSignal): Promise<ProxiedPrompt[]> {
  const entries = await listAcrossUpstreams<Prompt>(
    upstreams,
    (upstream) => upstream.capabilities()?.prompts !== undefined,
    'list its prompts',
    async (client, cursor, options) => {
      const page = await client.listPrompts(cursor === undefined ? {} : { cursor }, options);
      return { items: page.prompts, nextCursor: page.nextCursor };
    },
    signal,
  );
  const naming = nameMcpTools(entries.map(({ upstream, entry }) => ({ server: upstream.name, tool: entry.name })));
  return entries.map(({ upstream, entry }, index) => ({ name: naming.names[index]!, upstream, prompt: entry }));
}

/**
 * `prompts/get` for a client-visible prompt name: asks the upstream that has it, under its own name.
 * An unknown name is an InvalidParams error that lists the names there are.
 */
export async function getUpstreamPrompt(
  upstreams: readonly Upstream[],
  name: string,
  args: Record<string, string> | undefined,
  signal?: AbortSignal,
): Promise<GetPromptResult> {
  const prompts = await listUpstreamPrompts(upstreams, signal);
  const found = prompts.find((prompt) => prompt.name === name);
  if (found === undefined) {
    const known = prompts.map((prompt) => prompt.name);
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown prompt '${name}'. ${known.length === 0 ? 'No connected server offers prompts.' : `Prompts: ${known.join(', ')}.`}`,
    );
  }
  const request = args === undefined ? { name: found.prompt.name } : { name: found.prompt.name, arguments: args };
  return found.upstream.request(`get its prompt '${found.prompt.name}'`, (client, options) => client.getPrompt(request, options), signal);
}
