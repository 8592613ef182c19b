#!/usr/bin/env node
// A bystander: an ordinary MCP client of a running `tool-search serve --http`, in a process of its own
// so that nothing the benchmark does in its own process (building a 3 MB request, reading a big answer)
// delays it. It calls the echo tool and lists the tools in turn, one after the other, and times each.
//   BYSTANDER_URL=http://127.0.0.1:PORT/mcp BYSTANDER_TOKEN=... BYSTANDER_ECHO_TOOL=mcp_everything_echo \
//     BYSTANDER_BASELINE_ROUNDS=100 node bystander-client.mjs
// It prints `ready` once it has made BYSTANDER_BASELINE_ROUNDS rounds (a call and a list each: the
// baseline, alone), keeps going until its standard input ends, then prints one JSON line:
// {"samples": [[kind, startedAt, endedAt, ok], ...]}, kind "call" or "list", times in milliseconds since
// the epoch (performance.timeOrigin + performance.now(), comparable across processes on one machine).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const { BYSTANDER_URL: url, BYSTANDER_TOKEN: token, BYSTANDER_ECHO_TOOL: echoTool } = process.env;
const baselineRounds = Number(process.env.BYSTANDER_BASELINE_ROUNDS ?? 0);
if (!url || !token || !echoTool) {
  process.stderr.write('bystander-client.mjs needs BYSTANDER_URL, BYSTANDER_TOKEN and BYSTANDER_ECHO_TOOL\n');
  process.exit(2);
}
const now = () => performance.timeOrigin + performance.now();
const client = new Client({ name: 'trust-bench-bystander', version: '1.0.0' });
const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
await client.connect(transport);

let stopping = false;
process.stdin.on('data', () => undefined);
process.stdin.on('end', () => {
  stopping = true;
});
const samples = [];
const timed = async (kind, run) => {
  const startedAt = now();
  let ok = true;
  try {
    ok = await run();
  } catch {
    ok = false;
  }
  samples.push([kind, startedAt, now(), ok]);
};
// Bounded in time as well as by the benchmark: ten minutes at most, whatever happens to stdin.
const giveUpAt = now() + 600_000;
for (let round = 0; !stopping && now() < giveUpAt; round++) {
  if (round === baselineRounds) process.stdout.write('ready\n');
  await timed('call', async () => {
    const result = await client.callTool({ name: echoTool, arguments: { message: 'bystander' } }, undefined, { timeout: 60_000 });
    return result.isError !== true;
  });
  await timed('list', async () => {
    const { tools } = await client.listTools(undefined, { timeout: 60_000 });
    return tools.length > 0;
  });
}
await transport.terminateSession().catch(() => undefined);
await client.close().catch(() => undefined);
process.stdout.write(`${JSON.stringify({ samples })}\n`);
