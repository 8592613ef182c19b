import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadMcpRequests, npmServersFileOf } from '../../bench/search/datasets/load-mcp-requests.ts';
import { readCapturedServers } from '../../bench/search/datasets/read-captured-servers.ts';
import { loadRequestPack } from '../../src/request-pack/load-request-pack.ts';
import { originalNameOf } from '../../src/tools/tool.ts';

describe('the MCP request sets', () => {
  for (const part of ['tuning', 'everyday', 'held-out', 'second-unseen', 'blind-npm', 'blind-npm-2'] as const) {
    it(`names, in the ${part} part, only gold tools that its catalogs have, every tool with a description text`, () => {
      const dataset = loadMcpRequests(part);
      assert.ok(dataset.queries.length > 50);
      for (const partition of dataset.partitions ?? []) {
        for (const tool of partition.tools) assert.equal(typeof tool.description, 'string', `${tool.name} has no description text`);
        const names = new Set(partition.tools.map((tool) => `${tool.toolset}/${originalNameOf(tool)}`));
        for (const query of partition.queries) {
          for (const gold of query.gold.flatMap((name) => [name, ...(query.alternatives?.[name] ?? [])])) {
            assert.ok(names.has(gold), `${query.text}: ${gold} is in no tool list of its catalog`);
          }
        }
      }
    });
  }
});

/** Request text as a person would compare it: case and runs of spaces ignored. */
const normalised = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

describe('the blind npm request sets (issue 27)', () => {
  const pack = loadRequestPack();
  for (const part of ['blind-npm', 'blind-npm-2'] as const) {
    const dataset = loadMcpRequests(part);
    const captured = readCapturedServers(npmServersFileOf(part));
    // Every server of a blind set is asked in its own partition: the bundled session plus that server.
    const perServer = new Map<string, number>();
    for (const partition of dataset.partitions ?? []) {
      const own = new Set(partition.tools.map((tool) => tool.toolset).filter((toolset) => captured.has(toolset.slice('mcp-'.length))));
      assert.equal(own.size, 1, `a ${part} partition holds one npm server`);
      perServer.set([...own][0]!.slice('mcp-'.length), partition.queries.length);
    }

    it(`has, in ${part}, at least 150 requests over at least 8 servers, 15 to 25 per server`, () => {
      assert.ok(dataset.queries.length >= 150, `${dataset.queries.length} requests`);
      assert.ok(perServer.size >= 8, `${perServer.size} servers`);
      for (const [server, count] of perServer) assert.ok(count >= 15 && count <= 25, `${server}: ${count} requests`);
    });

    it(`asks no request twice in ${part}`, () => {
      const seen = new Set<string>();
      for (const query of dataset.queries) {
        assert.ok(!seen.has(normalised(query.text)), `'${query.text}' is asked twice`);
        seen.add(normalised(query.text));
      }
    });

    it(`uses, in ${part}, only servers of 5 to 60 tools that the request pack does not recognise`, () => {
      for (const server of perServer.keys()) {
        const entry = captured.get(server)!;
        assert.ok(entry.tools.length >= 5 && entry.tools.length <= 60, `${server} lists ${entry.tools.length} tools`);
        assert.ok(entry.package !== undefined, `${server} names no npm package`);
        const match = pack.match({ name: server, command: 'npx', args: ['-y', entry.package] });
        assert.equal(match, undefined, `${server} (${entry.package}) is in the request pack as ${match?.id} (by ${match?.by})`);
      }
    });
  }

  it('shares no server and no request between the two sets', () => {
    const first = readCapturedServers(npmServersFileOf('blind-npm'));
    for (const server of readCapturedServers(npmServersFileOf('blind-npm-2')).keys())
      assert.ok(!first.has(server), `${server} is in both captures`);
    const firstTexts = new Set(loadMcpRequests('blind-npm').queries.map((query) => normalised(query.text)));
    for (const query of loadMcpRequests('blind-npm-2').queries)
      assert.ok(!firstTexts.has(normalised(query.text)), `'${query.text}' is in both sets`);
  });
});
