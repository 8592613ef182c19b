/** The most request texts one tool carries, all sources together. @default 40 */
export const DEFAULT_MAX_REQUESTS_PER_TOOL = 40;
/** The most characters of request text one tool carries, all sources together. @default 2,000 */
export const DEFAULT_MAX_REQUEST_CHARACTERS = 2_000;
/** The most characters of one request text; a longer one is cut at a word. @default 300 */
export const MAX_REQUEST_LENGTH = 300;

/** How much request text one tool may carry. */
export interface RequestBounds {
  /** @default DEFAULT_MAX_REQUESTS_PER_TOOL */
  readonly maxTexts?: number;
  /** @default DEFAULT_MAX_REQUEST_CHARACTERS */
  readonly maxCharacters?: number;
}

/**
 * One tool's requests from several sources, in a deterministic order: each group sorted by code
 * units (so the order never depends on when a text arrived), the groups in the order given, texts
 * trimmed and their whitespace collapsed, each cut to MAX_REQUEST_LENGTH, duplicates dropped (by
 * case and spacing; the first kept), then bounded: texts are taken in that order while they fit, so a
 * bound cuts later groups first. Pure.
 */
export function mergeRequests(groups: ReadonlyArray<readonly string[] | undefined>, bounds: RequestBounds = {}): string[] {
  const maxTexts = bounds.maxTexts ?? DEFAULT_MAX_REQUESTS_PER_TOOL;
  let characters = bounds.maxCharacters ?? DEFAULT_MAX_REQUEST_CHARACTERS;
  const seen = new Set<string>();
  const merged: string[] = [];
  for (const group of groups) {
    if (group === undefined || group.length === 0) continue;
    const texts = group.map(cleanRequestText).filter((text) => text !== '');
    texts.sort(compareCodeUnits);
    for (const text of texts) {
      if (merged.length >= maxTexts) return merged;
      const key = text.toLowerCase();
      if (seen.has(key) || text.length > characters) continue;
      seen.add(key);
      merged.push(text);
      characters -= text.length;
    }
  }
  return merged;
}

/** A request text trimmed, its whitespace runs made one space, cut at a word to MAX_REQUEST_LENGTH. */
export function cleanRequestText(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_REQUEST_LENGTH) return clean;
  const cut = clean.slice(0, MAX_REQUEST_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > MAX_REQUEST_LENGTH / 2 ? cut.slice(0, space) : cut).trim();
}

function compareCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}
