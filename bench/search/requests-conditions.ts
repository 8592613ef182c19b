/**
 * The request sources of issue 27 as the bench applies them to a data set's catalogs: the shipped
 * request pack (matched to each bench server the way the gateway matches a connected one), and
 * learning replayed from an earlier part of the same set's requests. Pure apart from reading the pack.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REQUEST_PACK_DIRECTORY, loadRequestPack, type RequestPack } from '../../src/request-pack/load-request-pack.ts';
import { learnedRequestText } from '../../src/requests/request-sources.ts';
import { balanceRequests } from '../../src/requests/balance-requests.ts';
import { originalNameOf, type Tool } from '../../src/tools/tool.ts';
import type { RetrievalQuery } from './retrieval-dataset.ts';

/** Which pack entry (if any) each bench toolset is, and the entry's requests by upstream tool name. */
export interface PackCoverage {
  /** The pack id of a toolset, or undefined when the pack does not cover that server. */
  packIdOf(toolset: string): string | undefined;
  /** The pack's requests for a tool, or undefined when its server or the tool is not covered. */
  requestsOf(tool: Tool): readonly string[] | undefined;
  /** The pack's situational requests for a tool (PackServerFile.situational), or undefined. */
  situationalOf(tool: Tool): readonly string[] | undefined;
}

/**
 * Matches bench toolsets to pack entries: `mcp-<name>` by name (config name or pack id), as the
 * gateway matches a server named `<name>` in a config; LiveMCPBench's server keys by the key each
 * LiveMCPBench entry of the pack records (`livemcpbench_key`); a captured server under another name
 * (`github-legacy-npm`, `livemcpbench-data-gov`) by its tools: the entry that lists at least half of
 * its tool names, as the package it was captured from would match.
 */
export function packCoverage(tools: readonly Tool[], pack: RequestPack = loadRequestPack()): PackCoverage {
  const byToolset = new Map<string, string | undefined>();
  const liveKeys = new Map<string, string>();
  for (const server of pack.servers()) {
    const file = JSON.parse(readFileSync(join(DEFAULT_REQUEST_PACK_DIRECTORY, server.file), 'utf8')) as { livemcpbench_key?: string };
    if (file.livemcpbench_key !== undefined) liveKeys.set(file.livemcpbench_key, server.id);
  }
  const toolsetTools = new Map<string, string[]>();
  for (const tool of tools)
    (toolsetTools.get(tool.toolset) ?? toolsetTools.set(tool.toolset, []).get(tool.toolset)!).push(originalNameOf(tool));
  const resolve = (toolset: string): string | undefined => {
    const name = toolset.replace(/^mcp-/, '');
    const byName = pack.match({ name })?.id;
    if (byName !== undefined) return byName;
    const live = liveKeys.get(toolset);
    if (live !== undefined) return live;
    const names = toolsetTools.get(toolset) ?? [];
    let best: { id: string; share: number } | undefined;
    for (const server of pack.servers()) {
      const listed = pack.requestsOf(server.id);
      const share = names.filter((tool) => listed.has(tool)).length / Math.max(1, names.length);
      if (share >= 0.5 && (best === undefined || share > best.share)) best = { id: server.id, share };
    }
    return best?.id;
  };
  const packIdOf = (toolset: string): string | undefined => {
    if (!byToolset.has(toolset)) byToolset.set(toolset, resolve(toolset));
    return byToolset.get(toolset);
  };
  return {
    packIdOf,
    requestsOf: (tool) => {
      const id = packIdOf(tool.toolset);
      return id === undefined ? undefined : pack.requestsOf(id).get(originalNameOf(tool));
    },
    situationalOf: (tool) => {
      const id = packIdOf(tool.toolset);
      return id === undefined ? undefined : pack.situationalOf(id).get(originalNameOf(tool));
    },
  };
}

/**
 * A catalog with requests attached as createRequestSources attaches them: `extra` (the condition's
 * pack, model or learned requests) added; then, where every tool (core ones aside) has some, the
 * pack's situational requests of covered tools (`situational`) too; else the tools without any
 * balanced against those with some, `lenders` lending too (balanceRequests).
 */
export function attachAsSourcesDo(
  tools: readonly Tool[],
  extra: (tool: Tool) => readonly string[] | undefined,
  situational: (tool: Tool) => readonly string[] | undefined,
  lenders: () => readonly Tool[],
): readonly Tool[] {
  const withExtra = withRequests(tools, extra);
  const everyTool =
    withExtra.some((tool) => tool.kind !== 'core') && withExtra.every((tool) => tool.kind === 'core' || (tool.requests?.length ?? 0) > 0);
  return everyTool ? withRequests(withExtra, situational) : balanceRequests(withExtra, { moreLenders: lenders });
}

/** Every tool with `extra(tool)` added to its requests (the same object when there is nothing to add). */
export function withRequests(tools: readonly Tool[], extra: (tool: Tool) => readonly string[] | undefined): Tool[] {
  return tools.map((tool) => {
    const added = extra(tool);
    return added === undefined || added.length === 0 ? tool : { ...tool, requests: [...(tool.requests ?? []), ...added] };
  });
}

/**
 * Learning replayed: each `history` request becomes a request of its first gold tool, as a gateway
 * learns a search followed by a successful call of that tool, and in the form it keeps it in (its
 * argument values taken out: learnedRequestText). Keyed the way the queries name gold
 * tools (`toolset/original name` when qualified, else the original name).
 */
export function learnedFrom(history: readonly RetrievalQuery[]): (tool: Tool) => readonly string[] | undefined {
  const learned = new Map<string, string[]>();
  let qualified = false;
  for (const query of history) {
    qualified ||= query.qualified === true;
    const gold = query.gold[0];
    // Kept as the gateway keeps a learned search: its argument values taken out (learnedRequestText).
    const text = learnedRequestText(query.text);
    if (gold !== undefined && text !== undefined) (learned.get(gold) ?? learned.set(gold, []).get(gold)!).push(text);
  }
  return (tool) => learned.get(qualified ? `${tool.toolset}/${originalNameOf(tool)}` : originalNameOf(tool));
}

/**
 * Splits queries into an earlier half (history) and a later half (evaluated): within each group
 * (`groupOf`, e.g. the gold tool's server), the first half in the set's order is history, so every
 * server has some of each.
 */
export function splitHalves<T>(queries: readonly T[], groupOf: (query: T) => string): { readonly earlier: T[]; readonly later: T[] } {
  const groups = new Map<string, T[]>();
  for (const query of queries) (groups.get(groupOf(query)) ?? groups.set(groupOf(query), []).get(groupOf(query))!).push(query);
  const earlier = new Set<T>();
  for (const group of groups.values()) for (const query of group.slice(0, Math.floor(group.length / 2))) earlier.add(query);
  return { earlier: queries.filter((query) => earlier.has(query)), later: queries.filter((query) => !earlier.has(query)) };
}
