import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import { createGateway, resolveGatewayConfig } from '../../src/gateway/index.ts';

/** Tool and token counts of one way of showing the tools to the model. */
export interface ClientView {
  readonly label: string;
  readonly active: boolean;
  readonly tools: number;
  readonly tokens: number;
}

export interface RealisticSessionResult {
  readonly servers: number;
  readonly connected: number;
  readonly tools: number;
  readonly views: readonly ClientView[];
}

/**
 * Puts the gateway in front of one replay server per toolset of the bundled realistic session (17
 * servers, schemas captured from the real ones), lets every one connect over stdio, and counts what an
 * MCP client would be shown, in o200k tokens, per Tool Search mode.
 */
export async function measureRealisticSession(projectRoot: string): Promise<RealisticSessionResult> {
  const catalogPath = join(projectRoot, 'catalogs/realistic-session.json');
  const replay = join(projectRoot, 'bench/gateway/replay-server.mjs');
  const toolsets = Object.keys(JSON.parse(readFileSync(catalogPath, 'utf8')) as Record<string, unknown>);
  const servers = Object.fromEntries(
    toolsets.map((toolset) => [toolset.replace(/^mcp-/, ''), { command: process.execPath, args: [replay, catalogPath, toolset] }]),
  );
  const { config } = resolveGatewayConfig(
    { mcp_servers: servers, timeouts: { connect_ms: 60_000 } },
    { configDir: projectRoot, tempDir: () => projectRoot, env: {} },
  );
  const gateway = createGateway({ config });
  try {
    gateway.start();
    await gateway.ready();
    const encoding = getEncoding('o200k_base');
    const countTokens = (text: string) => encoding.encode(text).length;
    const tools = gateway.tools();
    const view = (label: string, enabled: 'off' | 'auto' | 'on', contextLength: number): ClientView => {
      const result = assembleTools(tools, { config: { ...config.toolSearch, enabled }, contextLength, countTokens });
      return { label, active: result.active, tools: result.tools.length, tokens: result.tokensAfter };
    };
    return {
      servers: toolsets.length,
      connected: gateway.statuses().filter((status) => status.state === 'connected').length,
      tools: tools.length,
      views: [
        view('without the gateway (or enabled: off)', 'off', 200_000),
        view('enabled: auto, 200k context', 'auto', 200_000),
        view('enabled: on', 'on', 200_000),
      ],
    };
  } finally {
    await gateway.close();
  }
}
