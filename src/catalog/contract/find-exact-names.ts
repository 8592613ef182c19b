import { FIELD_COUNT, type SearchIndex } from '../index/search-index.ts';
import { compareTools } from '../rank/compare-tools.ts';
import { normalizeName } from '../text/normalize-name.ts';

/**
 * The documents whose name or original name is exactly the query, once case and separators are ignored
 * ("Create Issue" = "create_issue" = "createIssue"), sorted by name then toolset: `wanted` is the
 * query so reduced (AnalyzedQuery.name), `stems` its stemmed words (AnalyzedQuery.stems). Only tools
 * whose name holds the query's rarest stemmed word are compared, so the catalog is not scanned per query.
 */
export function findExactNames(index: SearchIndex, wanted: string, stems: readonly string[]): number[] {
  if (wanted === '') return [];
  let rarest = -1;
  for (const stem of stems) {
    // A missing stem can be the query's joined camelCase word ("createissu"), which names split apart.
    const stemId = index.stemIds.get(stem);
    if (stemId === undefined) continue;
    if (rarest < 0 || index.stemDocumentCounts[stemId]! < index.stemDocumentCounts[rarest]!) rarest = stemId;
  }
  if (rarest < 0 && stems.length > 0) return [];
  const found: number[] = [];
  const matches = (document: number): boolean => {
    const tool = index.tools[document]!;
    return normalizeName(tool.name) === wanted || (tool.originalName !== undefined && normalizeName(tool.originalName) === wanted);
  };
  if (rarest < 0) {
    // Only stop words in the query: compare every name (rare, and names like "the_list" deserve it).
    for (let document = 0; document < index.tools.length; document++) if (matches(document)) found.push(document);
  } else {
    const entries = index.stemEntries(rarest);
    let previous = -1;
    for (const documentField of entries) {
      const document = (documentField / FIELD_COUNT) | 0;
      if (document === previous || documentField % FIELD_COUNT !== 0) continue;
      previous = document;
      if (matches(document)) found.push(document);
    }
  }
  return found.sort((left, right) => compareTools(index.tools[left]!, index.tools[right]!));
}
