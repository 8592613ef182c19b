import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** One way of reaching the upstream's echo tool: a name and the call to time. */
interface Route {
  readonly name: string;
  readonly call: () => Promise<unknown>;
}

export interface LatencySamples {
  /** Milliseconds per call, same index = same round (the routes were called one after another). */
  readonly direct: number[];
  readonly gatewayDirect: number[];
  readonly gatewayBridge: number[];
  /** A replay of the realistic session's memory server, called directly ... */
  readonly replayDirect: number[];
  /** ... and through a gateway in front of all 17 replayed servers (358 tools), via tool_call. */
  readonly realisticBridge: number[];
}

export interface LatencyOptions {
  readonly projectRoot: string;
  readonly rounds: number;
  readonly warmupRounds: number;
}

/**
 * Times `echo` on server-everything three ways, interleaved round by round so that drift on the
 * machine hits all of them alike: a client connected to the server directly over stdio; the same
 * client kind through `tool-search serve` (a separate process, as Claude Desktop runs it) with Tool
 * Search off, calling the tool by name; and through a second gateway with Tool Search on, via tool_call.
 * Then the same comparison at scale: a replayed memory server called directly, and through a gateway
 * in front of all 17 replayed servers of the realistic session (358 tools). Every gateway keeps an
 * activity log and policy globs, as a real setup would.
 */
export async function measureGatewayLatency(options: LatencyOptions): Promise<LatencySamples> {
  const everything = join(options.projectRoot, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
  const gatewayBin = join(options.projectRoot, 'bin/tool-search.js');
  const scratch = mkdtempSync(join(tmpdir(), 'tool-search-gateway-bench-'));
  const clients: Client[] = [];
  const connect = async (command: string, args: string[]): Promise<Client> => {
    const client = new Client({ name: 'gateway-bench', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
    clients.push(client);
    return client;
  };
  const gatewayConfig = (mode: string): string => {
    const path = join(scratch, `gateway-${mode}.json`);
    writeFileSync(
      path,
      JSON.stringify({
        tools: { tool_search: { enabled: mode } },
        mcp_servers: { everything: { command: process.execPath, args: [everything, 'stdio'] } },
        policy: { deny: ['*delete*'], require_approval: ['*merge*'] },
        activity_log: join(scratch, `activity-${mode}.jsonl`),
      }),
    );
    return path;
  };
  try {
    const direct = await connect(process.execPath, [everything, 'stdio']);
    const viaOff = await connect(process.execPath, [gatewayBin, 'serve', '--config', gatewayConfig('off')]);
    const viaOn = await connect(process.execPath, [gatewayBin, 'serve', '--config', gatewayConfig('on')]);
    const catalogPath = join(options.projectRoot, 'catalogs/realistic-session.json');
    const replay = join(options.projectRoot, 'bench/gateway/replay-server.mjs');
    const toolsets = Object.keys(JSON.parse(readFileSync(catalogPath, 'utf8')) as Record<string, unknown>);
    const realisticConfig = join(scratch, 'gateway-realistic.json');
    writeFileSync(
      realisticConfig,
      JSON.stringify({
        mcp_servers: Object.fromEntries(
          toolsets.map((toolset) => [toolset.replace(/^mcp-/, ''), { command: process.execPath, args: [replay, catalogPath, toolset] }]),
        ),
        timeouts: { connect_ms: 60_000 },
        pin: ['mcp_github_get_me'],
        policy: { deny: ['*delete*'], require_approval: ['*merge*'] },
        activity_log: join(scratch, 'activity-realistic.jsonl'),
      }),
    );
    const replayDirect = await connect(process.execPath, [replay, catalogPath, 'mcp-memory']);
    const viaRealistic = await connect(process.execPath, [gatewayBin, 'serve', '--config', realisticConfig]);
    await Promise.all([direct.listTools(), viaOff.listTools(), viaOn.listTools(), replayDirect.listTools(), viaRealistic.listTools()]);
    const routes: Route[] = [
      { name: 'direct', call: () => direct.callTool({ name: 'echo', arguments: { message: 'bench' } }) },
      { name: 'gatewayDirect', call: () => viaOff.callTool({ name: 'mcp_everything_echo', arguments: { message: 'bench' } }) },
      {
        name: 'gatewayBridge',
        call: () => viaOn.callTool({ name: 'tool_call', arguments: { name: 'mcp_everything_echo', arguments: { message: 'bench' } } }),
      },
      { name: 'replayDirect', call: () => replayDirect.callTool({ name: 'search_nodes', arguments: { query: 'bench' } }) },
      {
        name: 'realisticBridge',
        call: () =>
          viaRealistic.callTool({ name: 'tool_call', arguments: { name: 'mcp_memory_search_nodes', arguments: { query: 'bench' } } }),
      },
    ];
    const samples: LatencySamples = { direct: [], gatewayDirect: [], gatewayBridge: [], replayDirect: [], realisticBridge: [] };
    for (let round = 0; round < options.warmupRounds + options.rounds; round += 1) {
      // Rotate the order per round, so no route is always first after an idle moment.
      for (let index = 0; index < routes.length; index += 1) {
        const route = routes[(round + index) % routes.length]!;
        const started = performance.now();
        const result = (await route.call()) as { isError?: boolean };
        const elapsed = performance.now() - started;
        if (result.isError === true) throw new Error(`the ${route.name} call failed: ${JSON.stringify(result)}`);
        if (round >= options.warmupRounds) samples[route.name as keyof LatencySamples].push(elapsed);
      }
    }
    return samples;
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    rmSync(scratch, { recursive: true, force: true });
  }
}
