/** Characters per estimated token, as `estimateTokensFromCharacters` counts. */
export const CHARACTERS_PER_TOKEN = 4;

/** Room kept for the note at the end of a cut text: the longest note, with 16-digit counts, fits. */
const NOTE_ROOM = 160;

/**
 * `text` whole when it has at most `maxCharacters` characters; otherwise its beginning followed by a
 * note saying how much was left out, the two together at most `maxCharacters` long (for a budget
 * smaller than the note, the note alone). Never splits a surrogate pair.
 */
export function cutText(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  let kept = Math.max(0, Math.floor(maxCharacters) - NOTE_ROOM);
  if (kept > 0 && isHighSurrogate(text.charCodeAt(kept - 1))) kept -= 1;
  const note = cutNote(text.length - kept, text.length);
  return kept === 0 ? note : `${text.slice(0, kept)}\n${note}`;
}

/**
 * The note that ends a cut text, for example `[cut: 1,234,567 of 1,334,567 characters (about 308,642
 * tokens) left out; ask for less, e.g. with a filter or a page]`.
 */
export function cutNote(leftOut: number, total: number): string {
  const tokens = Math.ceil(leftOut / CHARACTERS_PER_TOKEN);
  return `[cut: ${formatCount(leftOut)} of ${formatCount(total)} characters (about ${formatCount(tokens)} tokens) left out; ask for less, e.g. with a filter or a page]`;
}

/** A count with thousands separators (`1,234,567`), the same in every locale. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
