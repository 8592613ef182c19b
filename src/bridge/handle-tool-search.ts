import { analyzeQuery, type AnalyzedQuery } from '../catalog/query/analyze-query.ts';
import type { SearchMatch } from '../catalog/rank/search-match.ts';
import { MAXIMUM_QUERY_CHARACTERS, MAXIMUM_QUERY_WORDS } from '../catalog/query/bound-query.ts';
import { clipDescription } from '../catalog/text/clip-description.ts';
import { searchTools } from '../catalog/search-tools.ts';
import { searchToolsByMeaning } from '../catalog/search-tools-by-meaning.ts';
import { failure, success, type CallOutcome } from '../dispatch/call-outcome.ts';
import { compareTools } from '../catalog/rank/compare-tools.ts';
import { tokenize } from '../catalog/text/tokenize.ts';
import { clipEchoedName } from './clip-echoed-name.ts';
import { originalNameOf, type Tool, type ToolArguments } from '../tools/tool.ts';
import { TOOL_SEARCH } from './bridge-tool-names.ts';
import { findMissingServices } from './find-missing-services.ts';
import { firstLineOf, listServerTools, type ServerListing } from './list-server-tools.ts';
import { namesShareQueryWord } from './names-share-query-word.ts';
import type { SessionScope } from './session-scope.ts';
import { unmatchedQueryWords } from './unmatched-query-words.ts';

/** One match as the model reads it. */
export interface ToolSearchMatch {
  readonly name: string;
  readonly toolset: string;
  /** The tool's own name at its source (an upstream MCP server's name for it). */
  readonly tool: string;
  /** Clipped at a word boundary with an ellipsis; tool_describe gives it whole. */
  readonly description: string;
  /** Relevance, higher is better; 0 for a tool-name substring match, 1 for each tool of a server listed by its name. */
  readonly score: number;
}

/** What tool_search returns (and what `tool-search search --json` prints per query). */
export interface ToolSearchResult {
  /** The query as searched: the model's own, or its beginning when it was too long (see `notice`). */
  readonly query: string;
  /** Present only when the query was cut to what a search reads (boundQuery), saying so. */
  readonly notice?: string;
  readonly total_available: number;
  readonly matches: readonly ToolSearchMatch[];
  /**
   * What to try next, present only when nothing matched, when no match has a word of the query in
   * its name (then the matches may well not do what the model wants: see namesShareQueryWord), or when
   * the query names a service that no connected server provides (findMissingServices; when it names
   * no connected one besides, `matches` is empty rather than padded with unrelated tools). It starts
   * with the query words no tool has when the best match is weak (unmatchedQueryWords), and says how
   * many tools a server has when the query was only its name (listServerTools). Never instead of matches.
   */
  readonly hint?: string;
}

/** tool_search(query, limit?) over the session's catalog. */
export async function handleToolSearch(scope: SessionScope, args: ToolArguments): Promise<CallOutcome> {
  const query = args['query'];
  if (typeof query !== 'string' || query.trim() === '') {
    return failure('empty_query', `${TOOL_SEARCH} needs a non-empty "query": describe the action, e.g. "github create issue".`);
  }
  const limit = resolveLimit(args['limit'], scope.config.searchDefaultLimit, scope.config.maxSearchLimit);
  if (limit === undefined) {
    return failure(
      'invalid_limit',
      `"limit" must be a whole number from 1 to ${scope.config.maxSearchLimit}; leave it out for ${scope.config.searchDefaultLimit} results.`,
    );
  }
  return success(await searchCatalog(scope, query, limit));
}

/**
 * The search itself, shared by the bridge and the CLI so that both run the very same code: by words,
 * fused with the scope's semantic ranker when it has one.
 */
export async function searchCatalog(scope: SessionScope, fullQuery: string, limit: number): Promise<ToolSearchResult> {
  // Read once: the search and the hints below all take this analysis, never the text again.
  const analyzed = analyzeQuery(fullQuery);
  const query = analyzed.text;
  const services = findMissingServices(analyzed, scope.catalog);
  const cut = analyzed.cut ? { notice: cutQueryNotice(fullQuery.length) } : {};
  const listing = listServerTools(analyzed, scope.catalog, limit);
  if (listing !== undefined) return { query, ...cut, total_available: scope.catalog.length, ...listedMatches(scope, listing, limit) };
  if (services.missing.length > 0 && services.connected.length === 0 && !matchesBeyond(scope.catalog, fullQuery, services.missing)) {
    // Nothing but the unconnected service's name would match: any result would be padding.
    return {
      query,
      ...cut,
      total_available: scope.catalog.length,
      matches: [],
      hint: retryHint(scope, notConnectedLead(services.missing)),
    };
  }
  const found =
    scope.semantic === undefined
      ? searchTools(scope.catalog, analyzed, limit)
      : await searchToolsByMeaning(scope.catalog, analyzed, limit, scope.semantic);
  const matches = found.map(({ tool, score }): ToolSearchMatch => ({
    name: tool.name,
    toolset: tool.toolset,
    // The upstream's own name is the server's to choose, a million characters included.
    tool: clipEchoedName(originalNameOf(tool)),
    description: clipDescription(tool.description),
    score: Math.round(score * 10_000) / 10_000,
  }));
  const result = { query, ...cut, total_available: scope.catalog.length, matches };
  const hint = resultHint(scope, analyzed, found, services.missing);
  // A service no server provides is named by the hint already; name-substring matches (score 0) hold
  // the query in their names.
  const noted = services.missing.length === 0 && !found.some((match) => match.score === 0);
  const unmatched = noted ? unmatchedQueryWords(analyzed, scope.catalog, found[0]?.tool) : [];
  const note = unmatched.length === 0 ? undefined : unmatchedWordsNote(unmatched);
  const hints = [note, hint].filter((text) => text !== undefined);
  return hints.length === 0 ? result : { ...result, hint: hints.join(' ') };
}

/** The hint of a search's result (see ToolSearchResult.hint), undefined when the matches need none. */
function resultHint(
  scope: SessionScope,
  analyzed: AnalyzedQuery,
  found: readonly SearchMatch[],
  missing: readonly string[],
): string | undefined {
  if (missing.length > 0) return retryHint(scope, notConnectedLead(missing));
  if (found.length === 0) return retryHint(scope, 'No tool matched.');
  // Score 0 marks the name-substring fallback: those matches hold the query in their names already.
  if (
    !found.some((match) => match.score === 0) &&
    !namesShareQueryWord(
      analyzed,
      found.map((match) => match.tool),
    )
  ) {
    return retryHint(scope, 'No match has a word of the query in its name, so these may not do what you want.');
  }
  return undefined;
}

/** One short line naming the query words no tool has, so that the model asks again in the tools' words. */
function unmatchedWordsNote(words: readonly string[]): string {
  return `No tool has the word${words.length === 1 ? '' : 's'} ${words.map((word) => `"${word}"`).join(', ')}; try the words tools use.`;
}

/**
 * A server's tools as matches (each with its description's first line and score 1), and when the
 * server has more than fit, a hint saying how many and how to see others.
 */
function listedMatches(scope: SessionScope, listing: ServerListing, limit: number): { matches: ToolSearchMatch[]; hint?: string } {
  const matches = listing.tools.map((tool): ToolSearchMatch => ({
    name: tool.name,
    toolset: tool.toolset,
    tool: clipEchoedName(originalNameOf(tool)),
    description: firstLineOf(tool.description),
    score: 1,
  }));
  if (listing.total <= matches.length) return { matches };
  const larger = limit < scope.config.maxSearchLimit ? ` with a larger limit (up to ${scope.config.maxSearchLimit}), or` : '';
  return {
    matches,
    hint:
      `${listing.toolset} has ${listing.total} tools; these are the first ${matches.length} by name. ` +
      `Ask again${larger} with an action after the server's name, e.g. "${retryExample(listing.toolset, listing.tools)}".`,
  };
}

/**
 * Whether the query finds any tool with the named services' words taken out: "check the status of the
 * MySQL database" still finds a database status tool, and "list the repos I starred on Monday" the
 * starred repositories, though no server provides MySQL or Monday; "mysql" alone finds nothing. The
 * note that no connected server provides the service then rides beside the matches.
 */
function matchesBeyond(catalog: readonly Tool[], query: string, services: readonly string[]): boolean {
  const servicesOut = query.replace(/[\p{L}\p{N}]+/gu, (word) => (services.includes(word.toLowerCase()) ? ' ' : word));
  if (tokenize(servicesOut).length === 0) return false;
  return searchTools(catalog, analyzeQuery(servicesOut), 1).length > 0;
}

/** Tells the model its query was cut, and how long it was, so that it asks shorter next time. */
function cutQueryNotice(length: number): string {
  return (
    `Only the first ${MAXIMUM_QUERY_CHARACTERS.toLocaleString('en-US')} characters and ${MAXIMUM_QUERY_WORDS.toLocaleString('en-US')} words of a query are searched; ` +
    `yours had ${length.toLocaleString('en-US')} characters, and "query" above is the part searched. Describe one action in a few words.`
  );
}

/**
 * The hint's lead when the query names services that no tool mentions (findMissingServices):
 * `No connected server provides slack.` (or `slack or jira`).
 */
function notConnectedLead(missing: readonly string[]): string {
  return `No connected server provides ${missing.join(' or ')}.`;
}

/** Servers listed by name in an empty result's hint; the rest are counted. */
const HINT_TOOLSET_LIMIT = 15;

/**
 * What to try when nothing (or nothing named like the query) matched: `lead`, then the connected
 * toolsets with their tool counts, and retry examples made of a service name plus the action words of
 * one of its real tools ("slack post message").
 */
function retryHint(scope: SessionScope, lead: string): string {
  if (scope.catalog.length === 0) {
    // A session whose toolsets hold no tool at all (a `--toolsets` name that matches nothing) has no
    // tool list to point to. Hidden tools count as none, so the hint tells nothing about them.
    const shown = scope.sessionTools.filter((tool) => scope.isHidden?.(tool) !== true);
    return shown.length === 0
      ? 'This session has no tools to search: its toolsets hold none.'
      : 'No tools are deferred in this session: every tool is already in your tool list.';
  }
  const byToolset = new Map<string, Tool[]>();
  for (const tool of scope.catalog) {
    const tools = byToolset.get(tool.toolset);
    if (tools === undefined) byToolset.set(tool.toolset, [tool]);
    else tools.push(tool);
  }
  const toolsets = [...byToolset.keys()].sort();
  const listed = toolsets.slice(0, HINT_TOOLSET_LIMIT).map((toolset) => `${toolset} (${byToolset.get(toolset)!.length})`);
  const more = toolsets.length > HINT_TOOLSET_LIMIT ? ` and ${toolsets.length - HINT_TOOLSET_LIMIT} more` : '';
  const examples = toolsets.slice(0, 2).map((toolset) => `"${retryExample(toolset, byToolset.get(toolset)!)}"`);
  return `${lead} Connected toolsets (tools): ${listed.join(', ')}${more}. Retry with a service name plus an action, e.g. ${examples.join(' or ')}.`;
}

/** "<service> <action words>" from the toolset's shortest tool name, without the service's own words. */
function retryExample(toolset: string, tools: readonly Tool[]): string {
  const service = toolset.replace(/^mcp[-_]/, '');
  const serviceWords = new Set(['mcp', ...tokenize(service)]);
  const shortest = [...tools].sort((left, right) => left.name.length - right.name.length || compareTools(left, right))[0]!;
  const action = tokenize(originalNameOf(shortest)).filter((word) => !serviceWords.has(word));
  return [service, ...(action.length > 0 ? action : ['list'])].join(' ');
}

/**
 * The number of results to return: the default when absent, clamped into 1..max when out of range
 * (a model asking for 100 gets the maximum, not an error), undefined when it is not a number at all.
 */
export function resolveLimit(raw: unknown, defaultLimit: number, maxLimit: number): number | undefined {
  if (raw === undefined || raw === null || raw === '') return defaultLimit;
  const value = typeof raw === 'string' ? Number(raw.trim()) : raw;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return Math.min(maxLimit, Math.max(1, Math.round(value)));
}
