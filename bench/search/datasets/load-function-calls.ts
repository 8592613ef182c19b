import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RetrievalDataset, RetrievalQuery } from '../retrieval-dataset.ts';
import { loadBfcl } from './load-bfcl.ts';

/**
 * A tuning set written for this project over BFCL v4's function catalog: 100 function-calling requests
 * (one function with argument values, the same function for several argument sets, two or three
 * functions, programming-language functions), written from the tools alone, without BFCL's questions or
 * answers. Like Seal-Tools dev beside Seal-Tools test_in, it shares the catalog of a reported set and no
 * query with it. Gold labels are function names.
 */
export function loadFunctionCalls(dataRoot: string): RetrievalDataset {
  const here = dirname(fileURLToPath(import.meta.url));
  const parsed = JSON.parse(readFileSync(join(here, '..', 'data', 'function-call-queries.json'), 'utf8')) as { queries: RetrievalQuery[] };
  return { name: 'Function calls (BFCL tools)', split: 'tuning', tools: loadBfcl(dataRoot).tools, queries: parsed.queries };
}
