import { existsSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolSearchSession } from '../../session/tool-search-session.ts';
import type { ToolSearchResult } from '../../bridge/handle-tool-search.ts';
import type { Command } from '../command.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { readToolsFile } from '../read-input-files.ts';
import { assemblySummary } from './assemble-command.ts';
import { countOf, formatCount } from '../../text/count-of.ts';

/** The package's folder (this file is src/cli/commands/ or dist/cli/commands/ in it). */
const PACKAGE_ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

/** The bundled real-world catalog: 17 MCP servers, 358 tools (see scripts/build-realistic-session.ts). */
export const REALISTIC_SESSION_PATH = join(PACKAGE_ROOT, 'catalogs', 'realistic-session.json');

/** The CLI's own entry point. */
const BIN_PATH = join(PACKAGE_ROOT, 'bin', 'tool-search.js');

const DEMO_CONTEXT_LENGTH = 200_000;
const DEMO_QUERIES = [
  'create github issue',
  'take a screenshot of the page',
  'search the web',
  'get the logs of a crashing kubernetes pod',
];
/** The search the demo ends by suggesting: one the demo did not run, whose answer is plainly right. */
export const DEMO_TRY_QUERY = 'find documents in a mongodb collection';

const USAGE = `Usage: tool-search demo

Assembles the bundled 17-server, 358-tool MCP session for a ${formatCount(DEMO_CONTEXT_LENGTH)}-token model and runs a few
searches through the bridge, to show what Tool Search does. Needs no files and no network.
`;

export const demoCommand: Command = {
  name: 'demo',
  usage: USAGE,
  async run(argv, output) {
    parseCommandLine('demo', argv, {});
    const tools = readToolsFile(REALISTIC_SESSION_PATH);
    const session = createToolSearchSession({ tools, contextLength: DEMO_CONTEXT_LENGTH, sessionId: 'demo' });
    output.stdout(
      `Session: ${new Set(tools.map((tool) => tool.toolset)).size} MCP servers, ${countOf(tools.length, 'tool')}, ${formatCount(DEMO_CONTEXT_LENGTH)}-token model\n\n`,
    );
    output.stdout(assemblySummary(session.assemble()));
    for (const query of DEMO_QUERIES) {
      const outcome = await session.call('tool_search', { query, limit: 3 });
      if (!outcome.ok) continue;
      const result = outcome.value as ToolSearchResult;
      output.stdout(`\ntool_search("${query}")\n`);
      for (const match of result.matches) output.stdout(`  ${match.name.padEnd(44)} ${match.score.toFixed(2).padStart(6)}\n`);
    }
    output.stdout(`\nTry: ${cliCommandFromHere()} search --tools ${pathFromHere(REALISTIC_SESSION_PATH)} "${DEMO_TRY_QUERY}"\n`);
    return 0;
  },
};

/**
 * How the user can run the CLI here: `npx tool-search` where this folder's node_modules has the
 * command, else `node` and the entry point's path. Elsewhere npx would look the name up on the npm
 * registry, where this package is not published and another could be.
 */
function cliCommandFromHere(): string {
  if (existsSync(join(process.cwd(), 'node_modules', '.bin', 'tool-search'))) return 'npx tool-search';
  return `node ${pathFromHere(BIN_PATH)}`;
}

/** A path of the package as the user can type it here: relative inside its folder, else absolute; quoted for a shell when it must be. */
function pathFromHere(absolute: string): string {
  const fromHere = relative(process.cwd(), absolute);
  const path = fromHere.startsWith('..') || isAbsolute(fromHere) ? absolute : fromHere;
  return /^[\w./@:+-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}
