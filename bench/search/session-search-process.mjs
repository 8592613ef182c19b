// The library-session figure of the whole-process comparison (measure-process-speed.ts), in a process
// of its own as an agent's would be: a tool_search session over the tools of TOOLS.json (the toolset
// map the CLI reads, OpenAI shape), its registry returning the same tools at every call, or, with
// CHANGED > 0, the first CHANGED tools as new objects with a new description before every call (a
// server whose tools changed between steps); WARMUP untimed calls, then TIMED timed ones over the
// queries in turn, limit 10. Prints the timed calls' milliseconds as one JSON array. Plain JavaScript
// on the built package (dist/), as a user's program runs it.
// Usage: node session-search-process.mjs TOOLS.json QUERIES.jsonl WARMUP TIMED [CHANGED]
import { readFileSync } from 'node:fs';
import { createToolSearchSession, DEFAULT_TOOL_SEARCH_CONFIG, toolsetKindFromName } from '../../dist/index.js';

const [toolsPath, queriesPath, warmupText, timedText, changedText] = process.argv.slice(2);
const warmup = Number(warmupText);
const timed = Number(timedText);
const changed = Number(changedText ?? 0);
const tools = Object.entries(JSON.parse(readFileSync(toolsPath, 'utf8'))).flatMap(([toolset, entries]) =>
  // One object shape for every tool, as the package's adapters make them.
  entries.map(({ function: tool }) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters,
    toolset,
    kind: toolsetKindFromName(toolset),
  })),
);
const queries = readFileSync(queriesPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line).query);
let round = 0;
const registry = () =>
  changed === 0
    ? tools
    : [
        ...tools.slice(0, changed).map((tool) => ({ ...tool, description: `${tool.description} (revision ${round})` })),
        ...tools.slice(changed),
      ];
const session = createToolSearchSession({ tools: registry, config: { ...DEFAULT_TOOL_SEARCH_CONFIG, enabled: 'on' } });
const times = [];
for (; round < warmup + timed; round++) {
  const started = performance.now();
  const outcome = await session.call('tool_search', { query: queries[round % queries.length], limit: 10 });
  const elapsed = performance.now() - started;
  if (!outcome.ok) throw new Error(`tool_search failed in the speed bench: ${outcome.error.message}`);
  if (round >= warmup) times.push(elapsed);
}
process.stdout.write(`${JSON.stringify(times)}\n`);
