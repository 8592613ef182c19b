import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../parse-csv.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';
import { descriptionOnlyTools } from './description-only-tools.ts';

/** Keep every tenth query of the 20,614 (rows 0, 10, 20, ...), as the issue asks. */
export const METATOOL_QUERY_STRIDE = 10;

/** Where in each run of ten rows the tuning split takes its query (the held-out split takes row 0). */
const TUNING_OFFSET = 5;

/**
 * MetaTool (SOURCE.md in metatool/): 199 description-only tools from plugin_des.json and every tenth
 * single-tool query of all_clean_data.csv: rows 0, 10, 20, ... for the reported (held-out) split, rows
 * 5, 15, 25, ... for a tuning split that shares no query with it.
 */
export function loadMetaTool(dataRoot: string, split: 'held-out' | 'tuning' = 'held-out'): RetrievalDataset {
  const folder = join(dataRoot, 'metatool');
  const descriptions = JSON.parse(readFileSync(join(folder, 'plugin_des.json'), 'utf8')) as Record<string, string>;
  const tools = descriptionOnlyTools(descriptions);
  const rows = parseCsv(readFileSync(join(folder, 'all_clean_data.csv'), 'utf8')).slice(1);
  const queries = rows
    .filter((row) => row.length >= 2)
    .filter((_, index) => index % METATOOL_QUERY_STRIDE === (split === 'held-out' ? 0 : TUNING_OFFSET))
    .map(([text, tool]) => ({ text: text!, gold: [tool!] }));
  return { name: split === 'held-out' ? 'MetaTool' : 'MetaTool tuning tenth', split, tools, queries };
}
