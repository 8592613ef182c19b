/** One page of an MCP list request: its items and the cursor of the next page, if any. */
export interface ListPage<Item> {
  readonly items: readonly Item[];
  readonly nextCursor?: string | undefined;
}

/**
 * The most pages read of one list: a server that hands out a new cursor every time would otherwise
 * be read for ever.
 */
export const MAX_LIST_PAGES = 1_000;

/**
 * Every item of a paginated MCP list (`tools/list`, `prompts/list`, `resources/list`, ...), following
 * `nextCursor` through all pages. A server that hands back a cursor it already gave, or a thousandth
 * new one (MAX_LIST_PAGES), stops the listing there instead of sending us round forever.
 */
export async function collectPages<Item>(fetchPage: (cursor: string | undefined) => Promise<ListPage<Item>>): Promise<Item[]> {
  const items: Item[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    cursor = page.nextCursor;
    if (cursor !== undefined && (seenCursors.has(cursor) || seenCursors.size + 1 >= MAX_LIST_PAGES)) break;
    if (cursor !== undefined) seenCursors.add(cursor);
  } while (cursor !== undefined);
  return items;
}
