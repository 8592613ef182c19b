import { asciiLookalikeOf } from './lookalike-letters.ts';

/** A character shown as an escape because a person could not see it, or could mistake it. */
export interface MarkedCharacter {
  readonly codePoint: number;
  /** Why, as the prompt says it: `invisible`, `looks like "a"`, ... */
  readonly why: string;
}

export interface QuotedText {
  /** The text as a JSON string literal: quoted, escaped, marked characters as `\uXXXX` escapes. */
  readonly text: string;
  /** The characters escaped because of what they are (not JSON's own escapes), in order. */
  readonly marked: readonly MarkedCharacter[];
}

/**
 * How strictly lookalikes are marked. `name` (a key, a tool name): every letter that passes for an
 * ASCII one. `value`: only where ASCII is near, so that text in another script reads as it is: in a
 * word that has ASCII letters too (`p\u0430sswd`), or in a word made only of lookalikes in a text with
 * ASCII letters elsewhere (`\u0435\u0445\u0435\u0441 rm -rf`).
 */
export type QuotedKind = 'name' | 'value';

/**
 * `text` as a JSON string literal a person can trust: what JSON escapes (quotes, backslashes, line
 * breaks, control characters) is escaped, and so is every character that would not look like itself:
 * invisible and format characters (zero-width, bidi controls, tags, fillers), other line breaks and
 * spaces, C1 controls, private-use, unassigned and broken characters, lookalike letters (see
 * {@link QuotedKind}), and combining marks (every one in a name, a stack of three or more in a value).
 * The result is valid JSON for the very same text. Work is linear in the text's length.
 */
export function quoteShownText(text: string, kind: QuotedKind): QuotedText {
  const lookalikes = markedLookalikes(text, kind);
  const stacked = kind === 'value' ? stackedMarks(text) : undefined;
  const marked: MarkedCharacter[] = [];
  let quoted = '"';
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index)!;
    const character = String.fromCodePoint(codePoint);
    const why =
      unseenReason(codePoint, character) ??
      lookalikes.get(index) ??
      (/\p{M}/u.test(character) && (kind === 'name' || stacked!.has(index)) ? 'a combining mark' : undefined);
    if (why !== undefined) {
      marked.push({ codePoint, why });
      quoted += escapeCodePoint(codePoint);
    } else {
      quoted += JSON_ESCAPES[character] ?? (codePoint < 0x20 ? escapeCodePoint(codePoint) : character);
    }
    index += character.length;
  }
  return { text: `${quoted}"`, marked };
}

const JSON_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\b': '\\b',
  '\f': '\\f',
};

/** Why a person would not see `character` as it is, whatever it stands beside; undefined for most. */
function unseenReason(codePoint: number, character: string): string | undefined {
  if (codePoint < 0x20) return undefined; // JSON's own escapes show these.
  if (codePoint >= 0x7f && codePoint <= 0x9f) return 'a control character';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'half of a broken character';
  if (/\p{Bidi_Control}/u.test(character)) return 'reorders the text around it';
  if (/[\p{Zl}\p{Zp}]/u.test(character)) return 'a line break';
  if (/\p{Zs}/u.test(character) && codePoint !== 0x20) return 'a space that is not the ASCII one';
  if (/[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u.test(character)) return 'invisible';
  if (/[\p{Co}\p{Cn}]/u.test(character)) return 'private use or unassigned';
  return undefined;
}

/** The string indices of the lookalike letters `kind` marks in `text`, with why. */
function markedLookalikes(text: string, kind: QuotedKind): Map<number, string> {
  const marked = new Map<number, string>();
  const hasAscii = /[A-Za-z]/.test(text);
  for (const word of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const found: Array<[number, string]> = [];
    let otherLetters = 0;
    for (let offset = 0; offset < word[0].length;) {
      const codePoint = word[0].codePointAt(offset)!;
      const ascii = asciiLookalikeOf(codePoint);
      if (ascii !== undefined) found.push([word.index + offset, ascii]);
      else if (codePoint >= 0x80 && /\p{L}/u.test(String.fromCodePoint(codePoint))) otherLetters += 1;
      offset += codePoint > 0xffff ? 2 : 1;
    }
    if (found.length === 0) continue;
    const nearAscii = /[A-Za-z]/.test(word[0]) || (hasAscii && otherLetters === 0);
    if (kind === 'name' || nearAscii) for (const [index, ascii] of found) marked.set(index, `looks like "${ascii}"`);
  }
  return marked;
}

/** The string indices of combining marks in runs of three or more (text drawn over its neighbours). */
function stackedMarks(text: string): Set<number> {
  const indices = new Set<number>();
  for (const run of text.matchAll(/\p{M}{3,}/gu)) {
    for (let offset = 0; offset < run[0].length;) {
      indices.add(run.index + offset);
      offset += run[0].codePointAt(offset)! > 0xffff ? 2 : 1;
    }
  }
  return indices;
}

/** `\uXXXX`, or a surrogate pair of them above the BMP: JSON's escape for the code point. */
function escapeCodePoint(codePoint: number): string {
  const units = codePoint > 0xffff ? String.fromCodePoint(codePoint) : String.fromCharCode(codePoint);
  return [...Array(units.length).keys()].map((index) => `\\u${units.charCodeAt(index).toString(16).padStart(4, '0')}`).join('');
}

/** `U+200B`: how a note names a code point. */
export function codePointName(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}
