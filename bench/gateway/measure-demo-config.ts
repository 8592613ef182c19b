import { join } from 'node:path';
import { getEncoding } from 'js-tiktoken';
import { assembleTools } from '../../src/assembly/assemble-tools.ts';
import { loadGatewayConfig } from '../../src/cli/commands/serve-command.ts';
import { createGateway } from '../../src/gateway/index.ts';
import type { ClientView } from './measure-realistic-session.ts';

/**
 * What `npm start`'s config (config/default-gateway.yaml: server-everything, -memory and -filesystem,
 * one tool pinned, `*delete*` denied, `enabled: on`) shows a client, in o200k tokens of each tool's
 * compact definition: the servers' tools as they come, the gateway as configured, and the gateway
 * under `auto` at the config's context length. The README and docs/gateway.md quote it; `npm start`
 * itself prints the characters / 4 estimate.
 */
export async function measureDemoConfig(projectRoot: string): Promise<readonly ClientView[]> {
  const silent = { stdout: () => {}, stderr: () => {} };
  const loaded = loadGatewayConfig(join(projectRoot, 'config/default-gateway.yaml'), silent);
  const gateway = createGateway({ config: loaded.config, log: () => {} });
  try {
    gateway.start();
    await gateway.ready();
    const encoding = getEncoding('o200k_base');
    const countTokens = (text: string) => encoding.encode(text).length;
    const { config, contextLength } = { config: loaded.config.toolSearch, contextLength: loaded.config.contextLength };
    const all = gateway.tools();
    const shown = all.filter((tool) => gateway.policy.flags(tool).deniedBy === undefined);
    const isPinned = (tool: (typeof all)[number]) => gateway.policy.flags(tool).pinnedBy !== undefined;
    const view = (label: string, tools: typeof all, enabled: 'off' | 'auto' | 'on'): ClientView => {
      const result = assembleTools(tools, { config: { ...config, enabled }, contextLength, countTokens, isPinned });
      return { label, active: result.active, tools: result.tools.length, tokens: result.tokensAfter };
    };
    return [
      view('the servers directly (every tool, no gateway)', all, 'off'),
      view(`through the gateway as configured (enabled: ${config.enabled}, pin, policy.deny)`, shown, config.enabled),
      view(`through the gateway with enabled: auto at ${contextLength.toLocaleString('en-US')} tokens`, shown, 'auto'),
    ];
  } finally {
    await gateway.close();
    loaded.temporaryFolder.remove();
  }
}
