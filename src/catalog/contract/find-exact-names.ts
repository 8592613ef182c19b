import type { SearchIndex } from '../index/search-index.ts';
import { compareTools } from '../rank/compare-tools.ts';
import { normalizeName } from '../text/normalize-name.ts';

/** Per index: each normalized name and original name -> its documents, by name then toolset. */
const exactNameTables = new WeakMap<SearchIndex, ReadonlyMap<string, readonly number[]>>();

/**
 * The documents whose name or original name is exactly the query, once case and separators are ignored
 * ("Create Issue" = "create_issue" = "createIssue" = "createissue"), sorted by name then toolset:
 * `wanted` is the query so reduced (AnalyzedQuery.name). Looked up in a table made once per index (one
 * pass over its names), so no query scans the catalog, and a name is found however its words are split
 * ("send_weather" finds `sendweather`, whose one word no word of the query is).
 */
export function findExactNames(index: SearchIndex, wanted: string): number[] {
  if (wanted === '') return [];
  return [...(exactNameTableOf(index).get(wanted) ?? [])];
}

function exactNameTableOf(index: SearchIndex): ReadonlyMap<string, readonly number[]> {
  const known = exactNameTables.get(index);
  if (known !== undefined) return known;
  const table = new Map<string, number[]>();
  const add = (name: string, document: number): void => {
    const key = normalizeName(name);
    if (key === '') return;
    const documents = table.get(key) ?? table.set(key, []).get(key)!;
    if (documents[documents.length - 1] !== document) documents.push(document);
  };
  index.tools.forEach((tool, document) => {
    add(tool.name, document);
    if (tool.originalName !== undefined) add(tool.originalName, document);
  });
  for (const documents of table.values()) documents.sort((left, right) => compareTools(index.tools[left]!, index.tools[right]!));
  exactNameTables.set(index, table);
  return table;
}
