import { handleToolSearch, resolveLimit, type ToolSearchResult } from '../../bridge/handle-tool-search.ts';
import { buildSessionScope, sessionToolsOf } from '../../bridge/session-scope.ts';
import { SEMANTIC_RETIRED } from '../../config/agent-config.ts';
import { EmbeddingOutageError } from '../../embeddings/with-backoff.ts';
import { defaultRequestCacheDirectory } from '../../request-pack/state-folders.ts';
import { readEmbeddingsConfig } from '../read-embeddings-config.ts';
import { messageOf } from '../../errors/message-of.ts';
import type { Command } from '../command.ts';
import { integerOption, parseCommandLine } from '../parse-command-line.ts';
import { parseJsonText, readTextFile } from '../read-input-files.ts';
import { readSessionInputs } from '../session-inputs.ts';
import { UsageError } from '../usage-error.ts';
import { countOf, formatCount } from '../../text/count-of.ts';
import { nativeSearchPrinter, readNativeSearchFormat } from '../native-format.ts';
import { attachPackRequests } from '../attach-pack-requests.ts';

const USAGE = `Usage: tool-search search --tools FILE [--config FILE] [--toolsets a,b] [--limit N] [--no-pack]
                         (QUERY | --queries FILE.jsonl) [--json | --format anthropic-native|openai-responses-native]

Runs tool_search, the very code path the bridge runs, over the session's deferrable tools.
  --tools FILE          JSON: {"<toolset>": [tools...]}
  --config FILE         YAML or JSON with tools.tool_search (search_default_limit, max_search_limit);
                        a gateway config's pin and policy.deny hold as in serve (neither is searched),
                        and its search.embeddings ranks by meaning too, with your own embedding endpoint
                        (tool vectors kept in $TOOL_SEARCH_CACHE_DIR, default ~/.cache/tool-search)
  --toolsets a,b        limit the session to these toolsets (an MCP server's as mcp-<server> or <server>)
  --limit N             results per query (default search_default_limit, at most max_search_limit)
  --queries FILE        JSON Lines, one {"query": "..."} per line; output keeps the order
  --json                one JSON line per query: {query, total_available, matches:[...]}
  --format F            one JSON line per query: what native mode answers the search with; for
                        anthropic-native the tool_result content (tool_reference blocks), for
                        openai-responses-native the tool_search_output item
  --no-pack             leave out the shipped request pack (by default a toolset mcp-<name> gets the
                        requests of the pack entry that <name> names: docs/requests.md)
`;

export const searchCommand: Command = {
  name: 'search',
  usage: USAGE,
  async run(argv, output) {
    const { values, positionals } = parseCommandLine('search', argv, {
      tools: { type: 'string' },
      config: { type: 'string' },
      toolsets: { type: 'string' },
      limit: { type: 'string' },
      queries: { type: 'string' },
      json: { type: 'boolean' },
      semantic: { type: 'boolean' },
      format: { type: 'string' },
      'no-pack': { type: 'boolean' },
    });
    // Recognized, so that its message says what to use instead of an unknown option's did-you-mean.
    if (values['semantic'] === true) throw new UsageError(`--semantic was removed: ${SEMANTIC_RETIRED}`);
    const nativeFormat = readNativeSearchFormat(values);
    const queriesPath = typeof values['queries'] === 'string' ? values['queries'] : undefined;
    if (queriesPath !== undefined && positionals.length > 0) {
      throw new UsageError('give either a QUERY or --queries FILE, not both');
    }
    if (queriesPath === undefined && positionals.length === 0) {
      throw new UsageError(
        'a QUERY is required (or --queries FILE.jsonl); for example: tool-search search --tools tools.json "create issue"',
      );
    }
    const read = readSessionInputs(values, output);
    const inputs =
      values['no-pack'] === true ? read : { ...read, tools: await attachPackRequests(read.tools, (line) => output.stderr(`${line}\n`)) };
    const limitFlag = integerOption(values['limit'], '--limit', 1);
    const { searchDefaultLimit, maxSearchLimit } = inputs.config.toolSearch;
    if (limitFlag !== undefined && limitFlag > maxSearchLimit) {
      output.stderr(`warning: --limit ${limitFlag} is above max_search_limit ${maxSearchLimit}; using ${maxSearchLimit}\n`);
    }
    const limit = resolveLimit(limitFlag, searchDefaultLimit, maxSearchLimit) ?? searchDefaultLimit;
    const embeddings = readEmbeddingsConfig(typeof values['config'] === 'string' ? values['config'] : undefined);
    // Imported when asked for, so that a search by words does not pay for loading the ranker's modules.
    const embeddingsRanker =
      embeddings === undefined
        ? undefined
        : (await import('../../gateway/create-embeddings-ranker.ts')).createEmbeddingsRanker(
            embeddings,
            defaultRequestCacheDirectory(),
            (line) => output.stderr(`${line}\n`),
          );
    const semantic = embeddingsRanker?.ranker;
    for (const warning of sessionToolsOf(inputs.tools, inputs.toolsets).warnings) output.stderr(`warning: ${warning}\n`);
    const scope = buildSessionScope({
      registry: inputs.tools,
      toolsets: inputs.toolsets,
      config: inputs.config.toolSearch,
      isPinned: inputs.isPinned,
      isHidden: inputs.isHidden,
      ...(semantic === undefined ? {} : { semantic }),
    });
    // Embed the whole catalog up front: otherwise the first query would embed it within its timeout,
    // and on a big catalog fall back to words alone.
    await semantic?.warm(scope.catalog).catch((error: unknown) => {
      // An endpoint's outage was told once already (withBackoff).
      if (!(error instanceof EmbeddingOutageError))
        output.stderr(`warning: could not embed the tools for search.embeddings (${messageOf(error)}); each query will try again\n`);
    });
    const printNative = nativeFormat === undefined ? undefined : nativeSearchPrinter(scope, nativeFormat);
    const queries = queriesPath === undefined ? [positionals.join(' ')] : readQueriesFile(queriesPath);
    let failures = 0;
    for (const query of queries) {
      const outcome = await handleToolSearch(scope, { query, limit });
      if (!outcome.ok) {
        failures += 1;
        if (values['json'] === true) output.stdout(`${JSON.stringify({ query, error: outcome.error.message })}\n`);
        else output.stderr(`error: ${outcome.error.message}\n`);
        continue;
      }
      const result = outcome.value as ToolSearchResult;
      output.stdout(
        printNative !== undefined ? printNative(result) : values['json'] === true ? `${JSON.stringify(result)}\n` : readableResult(result),
      );
    }
    await embeddingsRanker?.flush();
    return failures === 0 ? 0 : 1;
  },
};

/** Reads `{"query": "..."}` lines; blank lines are skipped, anything else names its line. */
export function readQueriesFile(path: string): string[] {
  const text = readTextFile(path, 'queries file');
  const queries: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const where = `${path}:${index + 1}`;
    const value = parseJsonText(line, where, 'queries file line');
    const query = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['query'] : undefined;
    if (typeof query !== 'string') {
      throw new UsageError(`queries file line ${where} must be an object with a string "query", like {"query": "create issue"}`);
    }
    queries.push(query);
  });
  if (queries.length === 0) throw new UsageError(`queries file '${path}' has no queries`);
  return queries;
}

function readableResult(result: ToolSearchResult): string {
  const lines = [`"${result.query}": ${formatCount(result.matches.length)} of ${countOf(result.total_available, 'tool')}`];
  result.matches.forEach((match, index) => {
    lines.push(`  ${index + 1}. ${match.name}  [${match.toolset}]  score ${match.score}`);
    lines.push(`     ${match.description}`);
  });
  if (result.hint !== undefined) lines.push(`  ${result.hint}`);
  return `${lines.join('\n')}\n`;
}
