import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { summarizeTimings, type TimingSummary } from '../../search/timing-statistics.ts';

/** Where one side of the comparison sends its calls. */
export interface OverheadTarget {
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

export interface CallOverheadMeasurement {
  readonly calls: number;
  readonly alone: TimingSummary;
  readonly clustered: TimingSummary;
}

/**
 * What sharing state costs one call: one session on an instance alone and one on an instance of a
 * cluster (straight to it, no balancer), calling echo in turns, `calls` each. Taking turns puts both
 * under the same load at the same moment, so a busy machine slows both alike.
 */
export async function measureCallOverhead(
  alone: OverheadTarget,
  clustered: OverheadTarget,
  calls: number,
): Promise<CallOverheadMeasurement> {
  const open = async (target: OverheadTarget): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> => {
    const client = new Client({ name: 'cluster-bench-overhead', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(target.url, { requestInit: { headers: target.headers } });
    await client.connect(transport);
    return { client, transport };
  };
  const sides = [await open(alone), await open(clustered)] as const;
  const durations: [number[], number[]] = [[], []];
  try {
    for (let call = -20; call < calls; call++) {
      for (const side of [0, 1] as const) {
        const started = performance.now();
        await sides[side].client.callTool({ name: 'mcp_counting_echo', arguments: { text: `overhead-${side}-${call}` } });
        // The first 20 rounds warm both up and are not counted.
        if (call >= 0) durations[side].push(performance.now() - started);
      }
    }
  } finally {
    for (const { client, transport } of sides) {
      await transport.terminateSession().catch(() => undefined);
      await client.close().catch(() => undefined);
    }
  }
  return { calls, alone: summarizeTimings(durations[0]), clustered: summarizeTimings(durations[1]) };
}
