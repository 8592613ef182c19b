import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseToolsetMap } from '../../../src/tools/parse-toolset-map.ts';
import type { JsonSchema, Tool } from '../../../src/tools/tool.ts';
import type { RetrievalDataset, RetrievalPartition, RetrievalQuery } from '../retrieval-dataset.ts';
import { readCapturedServers } from './read-captured-servers.ts';

/** One request of mcp-requests*.json: `tool` is one acceptable tool or several; `server/tool` names another server's. */
interface McpRequest {
  readonly query: string;
  readonly server: string;
  readonly tool: string | readonly string[];
}

interface ServerFile {
  readonly tools: readonly { name: string; description?: string | null; inputSchema: JsonSchema }[];
}

const DATA_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
const SESSION_FILE = join(DATA_FOLDER, '..', '..', '..', 'catalogs', 'realistic-session.json');

/** The request sets of bench/search/data, by the name a caller asks for. */
export type McpRequestPart = 'tuning' | 'held-out' | 'second-unseen' | 'everyday' | 'blind-npm' | 'blind-npm-2';

/** One part: its file, the name figures carry, its split, and for a blind npm set the captured servers it was written over. */
interface PartSource {
  readonly file: string;
  readonly name: string;
  readonly split: 'tuning' | 'held-out';
  /** bench/data/npm-servers/<file>: where a request's own server's tools come from, instead of bench/search/data/mcp-servers. */
  readonly npmServers?: string;
}

/**
 * The parts of the MCP request set: the tuning and held-out parts written beside each other, the
 * held-out one before any tuning of issue 14; the second unseen set written later, blind (no ranker
 * run on it, no other request set read), over 24 LiveMCPBench servers never used before; and the
 * everyday set, written the same blind way in the same three styles over the tuning part's servers,
 * to tune on; and the blind npm sets (issue 27), 200 and then 169 requests over 10 and then 8 other
 * npm servers the request pack does not cover, each written before any ranking of it, report-only.
 */
const PARTS: Readonly<Record<McpRequestPart, PartSource>> = {
  tuning: { file: 'mcp-requests.json', name: 'MCP requests', split: 'tuning' },
  'held-out': { file: 'mcp-requests-held-out.json', name: 'MCP requests (unseen servers)', split: 'held-out' },
  'second-unseen': { file: 'mcp-requests-second-unseen.json', name: 'MCP requests (second unseen set)', split: 'held-out' },
  everyday: { file: 'mcp-requests-everyday.json', name: 'MCP requests, everyday', split: 'tuning' },
  'blind-npm': {
    file: 'mcp-requests-blind-npm.json',
    name: 'MCP requests, blind npm servers',
    split: 'held-out',
    npmServers: 'servers.json.gz',
  },
  'blind-npm-2': {
    file: 'mcp-requests-blind-npm-2.json',
    name: 'MCP requests, second blind npm set',
    split: 'held-out',
    npmServers: 'servers-blind-2.json.gz',
  },
};

/** The npm servers captured for issue 27 (bench/data/npm-servers/SOURCE.md); each blind set's servers are in one of its files. */
const NPM_SERVERS_FOLDER = join(DATA_FOLDER, '..', '..', 'data', 'npm-servers');

/** The captured npm servers file a blind npm part was written over (bench/data/npm-servers/SOURCE.md). */
export function npmServersFileOf(part: 'blind-npm' | 'blind-npm-2'): string {
  return join(NPM_SERVERS_FOLDER, PARTS[part].npmServers!);
}

/**
 * The MCP request set of issue 14 (bench/search/data/mcp-requests*.json): requests written the way
 * models write tool_search queries, over the bundled 17-server session and other real servers. Each
 * request is asked over the whole bundled session when its server is one of the session's, else over
 * the session plus that server's tools (bench/search/data/mcp-servers/<server>.json), so that the
 * distractors are realistic. Gold names are qualified by toolset. Reads only files of the repository.
 */
export function loadMcpRequests(part: McpRequestPart): RetrievalDataset {
  const { file, name, split, npmServers } = PARTS[part];
  const session = parseToolsetMap(JSON.parse(readFileSync(SESSION_FILE, 'utf8')), 'session');
  const sessionToolsets = new Set(session.map((tool) => tool.toolset));
  const requests = (JSON.parse(readFileSync(join(DATA_FOLDER, file), 'utf8')) as { requests: McpRequest[] }).requests;
  const byServer = new Map<string, RetrievalQuery[]>();
  for (const request of requests) {
    const queries = byServer.get(request.server) ?? [];
    queries.push(toQuery(request));
    byServer.set(request.server, queries);
  }
  const partitions: RetrievalPartition[] = [];
  const sessionQueries: RetrievalQuery[] = [];
  for (const [server, queries] of byServer) {
    if (sessionToolsets.has(`mcp-${server}`)) sessionQueries.push(...queries);
    else
      partitions.push({
        tools: [
          ...session,
          ...(npmServers === undefined ? readServerTools(server) : readNpmServerTools(join(NPM_SERVERS_FOLDER, npmServers), server)),
        ],
        queries,
      });
  }
  if (sessionQueries.length > 0) partitions.unshift({ tools: session, queries: sessionQueries });
  return { name, split, tools: session, queries: partitions.flatMap((partition) => partition.queries), partitions };
}

/** Gold = the first acceptable tool, the others its alternatives; every name as `mcp-<server>/<tool>`. */
function toQuery(request: McpRequest): RetrievalQuery {
  const names = (typeof request.tool === 'string' ? [request.tool] : request.tool).map((tool) =>
    tool.includes('/') ? `mcp-${tool}` : `mcp-${request.server}/${tool}`,
  );
  const [gold, ...alternatives] = names;
  return {
    text: request.query,
    gold: [gold!],
    qualified: true,
    ...(alternatives.length > 0 ? { alternatives: { [gold!]: alternatives } } : {}),
  };
}

/** A server's captured tools, named `mcp_<server>_<tool>` in toolset `mcp-<server>` as the gateway names them. */
function readServerTools(server: string): Tool[] {
  const parsed = JSON.parse(readFileSync(join(DATA_FOLDER, 'mcp-servers', `${server}.json`), 'utf8')) as ServerFile;
  return parsed.tools.map((tool) => ({
    name: `mcp_${server}_${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
    originalName: tool.name,
    // Some servers list tools without a description (LeetCode's); an MCP client reads that as none.
    description: tool.description ?? '',
    parameters: tool.inputSchema,
    toolset: `mcp-${server}`,
    kind: 'mcp',
  }));
}

/** An npm server's captured tools (a file of bench/data/npm-servers), named as {@link readServerTools} names them. */
function readNpmServerTools(path: string, server: string): Tool[] {
  const captured = readCapturedServers(path).get(server);
  if (captured === undefined)
    throw new Error(
      `${path} has no server '${server}'; capture it as bench/data/npm-servers/SOURCE.md describes, or fix the request's server`,
    );
  return captured.tools.map((tool) => ({
    name: `mcp_${server}_${tool.name}`.replace(/[^A-Za-z0-9_-]/g, '_'),
    originalName: tool.name,
    description: tool.description ?? '',
    parameters: tool.inputSchema ?? { type: 'object' },
    toolset: `mcp-${server}`,
    kind: 'mcp',
  }));
}
