/** Longest description tool_search shows per match, in characters. @default 200 */
export const DEFAULT_DESCRIPTION_CLIP = 200;

/**
 * Shortens a description for a search result: whitespace folded, cut at a word boundary at or before
 * `maxCharacters` (ellipsis included) and ended with an ellipsis. A text that fits is returned whole.
 */
export function clipDescription(text: string, maxCharacters: number = DEFAULT_DESCRIPTION_CLIP): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= maxCharacters) return folded;
  const room = Math.max(1, maxCharacters - 1);
  const head = folded.slice(0, room + 1);
  const lastSpace = head.lastIndexOf(' ');
  // A single word longer than the room is cut where it must be; otherwise never mid-word.
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : folded.slice(0, room);
  return `${cut.replace(/[\s,;:.\-–—(]+$/u, '')}…`;
}
