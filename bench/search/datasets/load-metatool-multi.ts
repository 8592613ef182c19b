import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readDataJson } from '../read-data-text.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';
import { descriptionOnlyTools } from './description-only-tools.ts';

/**
 * MetaTool's two-tool split (bench/data/metatool/SOURCE.md): 47 merged tools of big_tool_des.json and the 497
 * queries of multi_tool_query_golden.json. Not one of the reported sets, so it serves as a third tuning
 * set; it shares no query with the single-tool split that is reported.
 */
export function loadMetaToolMulti(dataRoot: string): RetrievalDataset {
  const folder = join(dataRoot, 'metatool');
  const descriptions = JSON.parse(readFileSync(join(folder, 'big_tool_des.json'), 'utf8')) as Record<string, string>;
  const tools = descriptionOnlyTools(descriptions);
  const golden = readDataJson(join(folder, 'multi_tool_query_golden.json.gz')) as { query: string; tool: string[] }[];
  const queries = golden.map((entry) => ({ text: entry.query, gold: [...new Set(entry.tool)] }));
  return { name: 'MetaTool two-tool', split: 'tuning', tools, queries };
}
