import type { JsonSchema } from '../../../src/tools/tool.ts';
import { readDataJson } from '../read-data-text.ts';

/** One tool as a real MCP server lists it (tools/list), cut to what the bench and the bundled session read. */
export interface CapturedTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema?: JsonSchema;
}

/** One real MCP server of bench/data/mcp-schemas: where its tools come from, its licence, its tools in listing order. */
export interface CapturedServer {
  readonly source: string;
  /** The npm package, for the servers captured from npm (bench/data/npm-servers), which name it instead of a source. */
  readonly package?: string;
  readonly license?: string;
  readonly tools: readonly CapturedTool[];
}

/**
 * The real MCP servers' tool lists of `servers.json.gz` (bench/data/mcp-schemas/SOURCE.md), keyed by
 * server folder name in name order: GitHub's toolsnaps plus servers captured from npm.
 */
export function readCapturedServers(path: string): Map<string, CapturedServer> {
  const servers = readDataJson(path) as Record<string, CapturedServer>;
  return new Map(Object.entries(servers));
}
