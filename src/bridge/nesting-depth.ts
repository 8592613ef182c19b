/**
 * How deeply arrays and objects may nest in a call's arguments. No tool's schema comes close; the
 * bound exists because reading nesting costs far more than its size suggests: parsing a JSON text of
 * a million nested arrays takes seconds, 25 million (a 50 MB text) minutes, and writing such a value
 * out again overflows the stack.
 */
export const MAXIMUM_ARGUMENT_DEPTH = 100;

/**
 * Whether the JSON text nests arrays and objects deeper than `maximum`, brackets inside strings not
 * counted. Reads the text once, and stops at the first bracket too deep; it does not check that the
 * text is valid JSON (JSON.parse does that afterwards, within the bound).
 */
export function jsonTextNestsDeeper(text: string, maximum: number = MAXIMUM_ARGUMENT_DEPTH): boolean {
  return jsonTextOverBounds(text, { maxDepth: maximum, maxValues: Number.POSITIVE_INFINITY }) === 'depth';
}

/** How deep and how many values a JSON text may hold before it is refused unread. */
export interface JsonTextBounds {
  readonly maxDepth: number;
  /** Values counted as arrays, objects and the items and members in them (separators plus one). */
  readonly maxValues: number;
}

/**
 * Which bound the JSON text crosses (`depth` or `values`), or undefined within both. One pass over the
 * characters, stopping at the first bound crossed; brackets and commas inside strings do not count.
 * Meant to run before JSON.parse: parsing and then walking a text of millions of nested arrays or
 * millions of members costs far more than its length suggests.
 */
export function jsonTextOverBounds(text: string, bounds: JsonTextBounds): 'depth' | 'values' | undefined {
  let depth = 0;
  let values = 1;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      depth++;
      values++;
      if (depth > bounds.maxDepth) return 'depth';
      if (values > bounds.maxValues) return 'values';
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    } else if (code === COMMA) {
      values++;
      if (values > bounds.maxValues) return 'values';
    }
  }
  return undefined;
}

/**
 * Whether a value already parsed (arguments sent as an object) nests arrays and objects deeper than
 * `maximum`. Visits each value once, never below the bound, without recursion.
 */
export function valueNestsDeeper(value: unknown, maximum: number = MAXIMUM_ARGUMENT_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const { value: current, depth } = pending.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > maximum) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
