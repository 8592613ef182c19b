import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';
import { loadMcpSchemaTools } from './load-mcp-schema-tools.ts';

/** The query files written for this project, in bench/search/data/; both are tuning sets. */
const QUERY_FILES = {
  short: { file: 'hand-written-queries.json', name: 'Hand-written (MCP)' },
  long: { file: 'long-task-queries.json', name: 'Long tasks (MCP)' },
} as const;

/**
 * A tuning set written for this project over every real MCP server captured under mcp-schemas/:
 * `short` = one request, one need ("post a message to a slack channel"); `long` = multi-step agent
 * assignments of 30 to 80 words needing two to five tools. Gold labels are the servers' own tool
 * names. Never reported as held out.
 */
export function loadHandWritten(dataRoot: string, kind: keyof typeof QUERY_FILES = 'short'): RetrievalDataset {
  const { file, name } = QUERY_FILES[kind];
  const here = dirname(fileURLToPath(import.meta.url));
  const parsed = JSON.parse(readFileSync(join(here, '..', 'data', file), 'utf8')) as { queries: RetrievalQuery[] };
  return { name, split: 'tuning', tools: loadMcpSchemaTools(dataRoot), queries: parsed.queries };
}
