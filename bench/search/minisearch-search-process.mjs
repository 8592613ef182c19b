// The MiniSearch side of the whole-process comparison (measure-process-speed.ts): what
// `tool-search search --tools FILE --queries FILE --json` does, with MiniSearch 7 configured as in
// rankers/minisearch-ranker.ts (fields name, description, parameter names; name boosted 2x). Plain
// JavaScript, so that its process pays no TypeScript loader, as the built CLI does not.
// Usage: node minisearch-search-process.mjs TOOLS.json QUERIES.jsonl LIMIT
import { readFileSync } from 'node:fs';
import MiniSearch from 'minisearch';

const [toolsPath, queriesPath, limitText] = process.argv.slice(2);
const limit = Number(limitText ?? '5');
const byToolset = JSON.parse(readFileSync(toolsPath, 'utf8'));
const tools = Object.values(byToolset)
  .flat()
  .map((entry) => entry.function ?? entry);
const index = new MiniSearch({ fields: ['name', 'description', 'parameters'], searchOptions: { boost: { name: 2 } } });
index.addAll(
  tools.map((tool, id) => ({
    id,
    name: tool.name,
    description: tool.description ?? '',
    parameters: Object.keys(tool.parameters?.properties ?? {}).join(' '),
  })),
);
const lines = [];
for (const line of readFileSync(queriesPath, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const { query } = JSON.parse(line);
  const matches = index
    .search(query)
    .slice(0, limit)
    .map((result) => ({ name: tools[result.id].name, score: result.score }));
  lines.push(JSON.stringify({ query, matches }));
}
process.stdout.write(`${lines.join('\n')}\n`);
