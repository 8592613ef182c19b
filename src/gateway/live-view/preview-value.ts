import type { Redactor } from '../redact-secrets.ts';

/** Characters of text a preview carries at most (strings, keys and numbers counted; JSON layout aside). @default */
export const PREVIEW_BUDGET = 4_000;
/** Characters of one string shown; the rest is summarised by its length. */
const STRING_SHOWN = 300;
/**
 * Characters of one string redacted before it is cut. A secret can only be cut in half at this edge,
 * never within the STRING_SHOWN characters shown, unless redaction shrank the text 200-fold.
 */
const STRING_REDACTED = 65_536;
const ITEMS_SHOWN = 20;
const DEPTH_SHOWN = 6;

/**
 * A small copy of a call's arguments or result, safe to keep and to show on the page: every string is
 * redacted before it is cut (so no secret is left half-shown), strings are cut at 300 characters,
 * arrays and objects at 20 entries, nesting at 6 levels, and the whole at PREVIEW_BUDGET characters of
 * text, each cut saying what was left out. Work is bounded by those limits, whatever the value's size
 * (a 10 MB result costs one 64 KiB redaction). Pure.
 */
export function previewValue(value: unknown, redact: Redactor, budget = PREVIEW_BUDGET): unknown {
  let left = budget;
  const walk = (current: unknown, depth: number): unknown => {
    if (left <= 0) return '…';
    if (current === null || typeof current === 'boolean' || typeof current === 'number') {
      left -= 5;
      return current;
    }
    if (typeof current === 'string') return previewString(current);
    if (typeof current !== 'object') return previewString(String(current));
    if (depth >= DEPTH_SHOWN) {
      left -= 10;
      return Array.isArray(current) ? `[… ${current.length} items]` : '{…}';
    }
    if (Array.isArray(current)) {
      const shown: unknown[] = [];
      for (const item of current.slice(0, ITEMS_SHOWN)) {
        if (left <= 0) break;
        shown.push(walk(item, depth + 1));
      }
      if (shown.length < current.length) shown.push(`… ${current.length - shown.length} more items`);
      return shown;
    }
    const keys = Object.keys(current);
    const shown: Record<string, unknown> = {};
    let count = 0;
    for (const key of keys.slice(0, ITEMS_SHOWN)) {
      if (left <= 0) break;
      const shownKey = previewString(key);
      shown[typeof shownKey === 'string' ? shownKey : key] = walk((current as Record<string, unknown>)[key], depth + 1);
      count++;
    }
    if (count < keys.length) shown['…'] = `${keys.length - count} more keys`;
    return shown;
  };
  const previewString = (text: string): string => {
    const redacted = redact(text.length > STRING_REDACTED ? text.slice(0, STRING_REDACTED) : text);
    const limit = Math.max(1, Math.min(STRING_SHOWN, left));
    const shown =
      redacted.length <= limit && text.length <= STRING_REDACTED ? redacted : `${redacted.slice(0, limit)}… (${text.length} characters)`;
    left -= shown.length;
    return shown;
  };
  return walk(value, 0);
}
