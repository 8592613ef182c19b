import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../parse-csv.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';
import { descriptionOnlyTools } from './description-only-tools.ts';

/** Keep every tenth query of the 20,614 (rows 0, 10, 20, ...), as the issue asks. */
export const METATOOL_QUERY_STRIDE = 10;

/**
 * MetaTool (SOURCE.md in metatool/): 199 description-only tools from plugin_des.json and every tenth
 * single-tool query of all_clean_data.csv.
 */
export function loadMetaTool(dataRoot: string): RetrievalDataset {
  const folder = join(dataRoot, 'metatool');
  const descriptions = JSON.parse(readFileSync(join(folder, 'plugin_des.json'), 'utf8')) as Record<string, string>;
  const tools = descriptionOnlyTools(descriptions);
  const rows = parseCsv(readFileSync(join(folder, 'all_clean_data.csv'), 'utf8')).slice(1);
  const queries = rows
    .filter((row) => row.length >= 2)
    .filter((_, index) => index % METATOOL_QUERY_STRIDE === 0)
    .map(([text, tool]) => ({ text: text!, gold: [tool!] }));
  return { name: 'MetaTool', split: 'held-out', tools, queries };
}
