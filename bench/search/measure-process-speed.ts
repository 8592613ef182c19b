import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tool } from '../../src/tools/tool.ts';
import { REPOSITORY_ROOT } from './data-root.ts';
import { synthesizeCatalog } from './synthesize-catalog.ts';
import { summarizeTimings, type TimingSummary } from './timing-statistics.ts';

/** Whole-process and through-a-session timings (issue 14): what a user of the CLI or library waits. */
export interface ProcessSpeed {
  /** Tools in the catalog of the whole-process runs (Seal-Tools: 4,076). */
  readonly catalogTools: number;
  /** Queries of the `--queries` run (Seal-Tools test_in: 700). */
  readonly queryCount: number;
  /** `node bin/tool-search.js search --tools FILE --queries FILE --json`, whole process. */
  readonly queriesProcess: TimingSummary;
  /** MiniSearch 7 doing the same work (minisearch-search-process.mjs), whole process. */
  readonly miniSearchQueriesProcess: TimingSummary;
  /** `node bin/tool-search.js search --tools FILE "QUERY" --json`, whole process. */
  readonly oneShotProcess: TimingSummary;
  /** `node bin/tool-search.js --help`: the CLI's start alone. */
  readonly helpProcess: TimingSummary;
  /** Tools of the session timed below. */
  readonly sessionTools: number;
  /** `session.call('tool_search', ...)` over an unchanged registry (the catalog rebuilt from it at each call), in a process of its own. */
  readonly sessionSearch: TimingSummary;
  /** Tools given a new description before each call of {@link changedSessionSearch}: one server's worth. */
  readonly changedTools: number;
  /** The same calls, {@link changedTools} of the catalog's tools changed before each (only the parts holding them built again). */
  readonly changedSessionSearch: TimingSummary;
  /** Tools changed before each call of {@link moreChangedSessionSearch}: ten servers' worth, to show the cost grow with the change. */
  readonly moreChangedTools: number;
  readonly moreChangedSessionSearch: TimingSummary;
}

/** Whole-process runs per figure: few, each takes up to seconds; the median is reported. */
const PROCESS_RUNS = 5;
/** Searches through the session timed (after as many untimed ones). */
const SESSION_SEARCHES = 300;
/** Catalog size of the session figure. */
export const SESSION_TOOLS = 10_000;
/** Tools changed before each call of the changed-catalog figure: a server's worth. */
const CHANGED_TOOLS = 20;
/** And of the second changed-catalog figure: ten servers' worth. */
const MORE_CHANGED_TOOLS = 200;

/**
 * Times the built CLI (dist/, from `npm run build`) as child processes over `catalog` and `queries`
 * written to a temporary folder, MiniSearch doing the same work in its own process, and tool_search
 * through a library session at {@link SESSION_TOOLS} tools synthesized from `pool`, the registry
 * unchanged between calls. The processes of ours and MiniSearch take turns.
 */
export async function measureProcessSpeed(
  catalog: readonly Tool[],
  queries: readonly string[],
  pool: readonly Tool[],
  sessionQueries: readonly string[],
): Promise<ProcessSpeed> {
  const folder = mkdtempSync(join(tmpdir(), 'tool-search-process-bench-'));
  try {
    const toolsPath = join(folder, 'tools.json');
    const queriesPath = join(folder, 'queries.jsonl');
    writeFileSync(toolsPath, JSON.stringify(toolsFileOf(catalog)));
    writeQueriesFile(queriesPath, queries);
    const cli = join(REPOSITORY_ROOT, 'bin', 'tool-search.js');
    const miniSearch = join(REPOSITORY_ROOT, 'bench', 'search', 'minisearch-search-process.mjs');
    const ours: number[] = [];
    const theirs: number[] = [];
    const oneShot: number[] = [];
    const help: number[] = [];
    for (let run = 0; run < PROCESS_RUNS; run++) {
      ours.push(timeProcess([cli, 'search', '--tools', toolsPath, '--queries', queriesPath, '--json']));
      theirs.push(timeProcess([miniSearch, toolsPath, queriesPath, '5']));
      oneShot.push(timeProcess([cli, 'search', '--tools', toolsPath, queries[run % queries.length]!, '--json']));
      help.push(timeProcess([cli, '--help']));
    }
    const sessionToolsPath = join(folder, 'session-tools.json');
    const sessionQueriesPath = join(folder, 'session-queries.jsonl');
    writeFileSync(sessionToolsPath, JSON.stringify(toolsFileOf(uniquelyNamed(synthesizeCatalog(pool, SESSION_TOOLS * 2), SESSION_TOOLS))));
    writeQueriesFile(sessionQueriesPath, sessionQueries);
    const sessionScript = join(REPOSITORY_ROOT, 'bench', 'search', 'session-search-process.mjs');
    const sessionSearch = timeSessionSearches(sessionScript, sessionToolsPath, sessionQueriesPath, 0);
    const changedSessionSearch = timeSessionSearches(sessionScript, sessionToolsPath, sessionQueriesPath, CHANGED_TOOLS);
    const moreChangedSessionSearch = timeSessionSearches(sessionScript, sessionToolsPath, sessionQueriesPath, MORE_CHANGED_TOOLS);
    const speed: ProcessSpeed = {
      catalogTools: catalog.length,
      queryCount: queries.length,
      queriesProcess: summarizeTimings(ours),
      miniSearchQueriesProcess: summarizeTimings(theirs),
      oneShotProcess: summarizeTimings(oneShot),
      helpProcess: summarizeTimings(help),
      sessionTools: SESSION_TOOLS,
      sessionSearch,
      changedTools: CHANGED_TOOLS,
      changedSessionSearch,
      moreChangedTools: MORE_CHANGED_TOOLS,
      moreChangedSessionSearch,
    };
    process.stderr.write(
      `  whole process: ${queries.length} queries ${ms(speed.queriesProcess)} (MiniSearch ${ms(speed.miniSearchQueriesProcess)}), one-shot ${ms(speed.oneShotProcess)}, --help ${ms(speed.helpProcess)}; session tool_search at ${SESSION_TOOLS} tools ${speed.sessionSearch.medianMs.toFixed(3)} ms (${CHANGED_TOOLS} tools changed before each: ${speed.changedSessionSearch.medianMs.toFixed(3)} ms, ${MORE_CHANGED_TOOLS}: ${speed.moreChangedSessionSearch.medianMs.toFixed(3)} ms)\n`,
    );
    return speed;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The tools file of `tools`: toolset -> OpenAI-shaped definitions, as `tool-search search --tools` reads it. */
function toolsFileOf(tools: readonly Tool[]): Record<string, unknown[]> {
  const file: Record<string, unknown[]> = {};
  for (const tool of tools) {
    (file[tool.toolset] ??= []).push({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    });
  }
  return file;
}

/** Writes `queries` as the JSON Lines the CLI's `--queries` reads: one `{"query": ...}` per line. */
function writeQueriesFile(path: string, queries: readonly string[]): void {
  writeFileSync(path, `${queries.map((query) => JSON.stringify({ query })).join('\n')}\n`);
}

/** Wall-clock milliseconds of `node ...args` to its exit, output discarded (a failure throws). */
function timeProcess(args: readonly string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'], maxBuffer: 1 << 28 });
  return performance.now() - started;
}

/**
 * The first `count` tools of distinct names: the data sets share names (`search`, `get_weather`), and a
 * session reports every duplicate name at every call (resolveNameCollisions), which a real registry of
 * that size would not make it do thousands of times.
 */
function uniquelyNamed(tools: readonly Tool[], count: number): Tool[] {
  const seen = new Set<string>();
  return tools.filter((tool) => !seen.has(tool.name) && seen.add(tool.name) !== undefined).slice(0, count);
}

/**
 * tool_search through a library session whose registry returns the same tools at every call, timed in
 * a process of its own (session-search-process.mjs on dist/), as an agent's process would hold one: in
 * the bench's own process, after the other parts built catalogs of up to 50,000 tools with both
 * engines and embedded thousands of texts, the same calls took up to half as long again. With
 * `changed` > 0, that many tools come as new objects with a new description before every call.
 */
function timeSessionSearches(script: string, toolsPath: string, queriesPath: string, changed: number): TimingSummary {
  const output = execFileSync(
    process.execPath,
    [script, toolsPath, queriesPath, String(SESSION_SEARCHES), String(SESSION_SEARCHES), String(changed)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 24,
    },
  );
  return summarizeTimings(JSON.parse(output) as number[]);
}

function ms(summary: TimingSummary): string {
  return `${summary.medianMs.toFixed(0)} ms`;
}
