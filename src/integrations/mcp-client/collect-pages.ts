/** One page of an MCP list request: its items and the cursor of the next page, if any. */
export interface ListPage<Item> {
  readonly items: readonly Item[];
  readonly nextCursor?: string | undefined;
}

/**
 * Every item of a paginated MCP list (`tools/list`, `prompts/list`, `resources/list`, ...), following
 * `nextCursor` through all pages. A server that hands back a cursor it already gave stops the listing
 * there instead of sending us round forever.
 */
export async function collectPages<Item>(fetchPage: (cursor: string | undefined) => Promise<ListPage<Item>>): Promise<Item[]> {
  const items: Item[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined && seenCursors.has(cursor)) break;
    if (cursor !== undefined) seenCursors.add(cursor);
  } while (cursor !== undefined);
  return items;
}
