import type { AnalyzedQuery } from '../catalog/query/analyze-query.ts';
import { compareTools } from '../catalog/rank/compare-tools.ts';
import { clipDescription } from '../catalog/text/clip-description.ts';
import { normalizeName } from '../catalog/text/normalize-name.ts';
import type { Tool } from '../tools/tool.ts';

/** Longest line a listed tool is described by, in characters: a listing is for choosing, tool_describe gives the rest. */
export const LISTED_LINE_CHARACTERS = 100;

/** Most tokens a server's name is read as (`mcp-brave-search`: mcp, brave, search and the whole). */
const MAXIMUM_NAME_TOKENS = 8;

/** One page of a server's tools, for a query that is only that server's name. */
export interface ServerListing {
  readonly toolset: string;
  /** The page: at most the limit, tools named exactly as the query first, then by name (compareTools). */
  readonly tools: readonly Tool[];
  /** How many tools the server has in the catalog. */
  readonly total: number;
}

/**
 * The catalog's tools of the server `query` names and nothing else ("github", "GitHub", "mcp-github"
 * for toolset `mcp-github`; case and separators ignored), the first `limit` of them; undefined when
 * the query is anything more or no toolset is named so. A tool named exactly as the query keeps first
 * place, as in any search (docs/behaviour.md, rule 25).
 */
export function listServerTools(query: AnalyzedQuery, catalog: readonly Tool[], limit: number): ServerListing | undefined {
  // A server's name is a few words; anything longer is a request, and costs no pass over the catalog.
  if (query.name === '' || query.tokens.length > MAXIMUM_NAME_TOKENS) return undefined;
  // A catalog holds each server's tools side by side: one comparison per run of a toolset, not per tool.
  let lastToolset: string | undefined;
  let lastNamed = false;
  const tools = catalog.filter((tool) => {
    if (tool.toolset !== lastToolset) {
      lastToolset = tool.toolset;
      lastNamed = namesToolset(query.name, tool.toolset);
    }
    return lastNamed;
  });
  if (tools.length === 0) return undefined;
  const exactFirst = (tool: Tool): number => (normalizeName(tool.name) === query.name ? 0 : 1);
  const sorted = [...tools].sort((left, right) => exactFirst(left) - exactFirst(right) || compareTools(left, right));
  return { toolset: sorted[0]!.toolset, tools: sorted.slice(0, limit), total: tools.length };
}

/** Whether normalized `name` is the toolset's name, with or without its `mcp-` prefix. */
function namesToolset(name: string, toolset: string): boolean {
  return normalizeName(toolset) === name || normalizeName(toolset.replace(/^mcp[-_]/i, '')) === name;
}

/**
 * A listed tool's line: its description's first line or sentence, clipped to
 * {@link LISTED_LINE_CHARACTERS}.
 */
export function firstLineOf(description: string): string {
  const line = description.trim().split(/\n|(?<=[.!?])\s/, 1)[0] ?? '';
  return clipDescription(line, LISTED_LINE_CHARACTERS);
}
