import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createToolSearchSession } from '../../session/tool-search-session.ts';
import type { ToolSearchResult } from '../../bridge/handle-tool-search.ts';
import type { Command } from '../command.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { readToolsFile } from '../read-input-files.ts';
import { assemblySummary } from './assemble-command.ts';
import { countOf, formatCount } from '../../text/count-of.ts';

/** The bundled real-world catalog: 17 MCP servers, 358 tools (see scripts/build-realistic-session.ts). */
export const REALISTIC_SESSION_PATH = join(
  fileURLToPath(new URL('.', import.meta.url)),
  '..',
  '..',
  '..',
  'catalogs',
  'realistic-session.json',
);

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
    output.stdout(`\nTry: npx tool-search search --tools ${catalogPathFromHere()} "${DEMO_TRY_QUERY}"\n`);
    return 0;
  },
};

/** The bundled catalog's path as the user can type it here: relative inside the project, else absolute. */
function catalogPathFromHere(): string {
  const path = relative(process.cwd(), REALISTIC_SESSION_PATH);
  return path.startsWith('..') || isAbsolute(path) ? REALISTIC_SESSION_PATH : path;
}
