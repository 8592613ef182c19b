import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../parse-csv.ts';
import { readDataText } from '../read-data-text.ts';
import type { RetrievalDataset } from '../retrieval-dataset.ts';
import { descriptionOnlyTools } from './description-only-tools.ts';

/**
 * MetaTool (bench/data/metatool/SOURCE.md): 199 description-only tools from plugin_des.json and every
 * tenth single-tool query of all_clean_data.csv, kept in bench/data as two files: rows 0, 10, 20, ... for
 * the reported (held-out) split, rows 5, 15, 25, ... for a tuning split that shares no query with it
 * (scripts/pack-bench-data.ts takes them).
 */
export function loadMetaTool(dataRoot: string, split: 'held-out' | 'tuning' = 'held-out'): RetrievalDataset {
  const folder = join(dataRoot, 'metatool');
  const descriptions = JSON.parse(readFileSync(join(folder, 'plugin_des.json'), 'utf8')) as Record<string, string>;
  const tools = descriptionOnlyTools(descriptions);
  const rows = parseCsv(readDataText(join(folder, `queries-${split}.csv.gz`))).slice(1);
  const queries = rows.filter((row) => row.length >= 2).map(([text, tool]) => ({ text: text!, gold: [tool!] }));
  return { name: split === 'held-out' ? 'MetaTool' : 'MetaTool tuning tenth', split, tools, queries };
}
