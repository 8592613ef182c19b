import { approvalFields, NotWalked, WALK_DEPTH_MAX, type PathStep } from './approval-fields.ts';
import { codePointName, quoteShownText, type MarkedCharacter, type QuotedKind } from './quote-shown-text.ts';

/** At most this many fields are shown, one a line; the rest are counted. */
export const FIELDS_SHOWN_MAX = 40;
/** How much of one string value is shown, in characters, when a few fields are shown. */
export const VALUE_SHOWN_MAX = 300;
/** With more fields shown than this, each value is shown shorter ({@link VALUE_SHOWN_MAX_WHEN_MANY}). */
export const MANY_FIELDS = 10;
export const VALUE_SHOWN_MAX_WHEN_MANY = 100;
/** How much of one key (and of the tool's name) is shown, in characters. */
export const KEY_SHOWN_MAX = 60;
/** A path deeper than this shows its first and last steps, and says how many are left out between. */
export const PATH_STEPS_SHOWN_MAX = 8;
/** The most a prompt may be, in characters; fields that would pass it are counted, not shown. */
export const MESSAGE_MAX = 12_000;
/** At most this many marked characters are named in the note; the rest are counted. */
const MARKS_NAMED_MAX = 8;
/** At most this many top-level keys are named in the note about fields left out, each cut to KEY_NAMED_MAX. */
const LEFT_OUT_KEYS_NAMED_MAX = 5;
const KEY_NAMED_MAX = 30;
/** A note names where a marked character is by the field's path up to this length, else by its line. */
const WHERE_NAMED_MAX = 100;
/** Room kept for the notes at the end (each bounded by the limits above). */
const NOTES_ROOM = 4_000;

/**
 * The question an approval prompt asks: the tool, then every field of the arguments on its own line
 * (`- "options"."path": "/etc"`), nested fields at their own paths so none hides inside another's value.
 * Keys and values are JSON-quoted and escaped, so no key or value can print a line of its own or close
 * its quotes early; characters a person could not see or could mistake (zero-width, bidi controls,
 * other format characters and spaces, lookalike letters in a key, or near ASCII in a value) are shown
 * as `\u` escapes and named in a note at the end (see quoteShownText). A long value keeps its start
 * and its end with the count of characters between (outside the quotes, where no value can forge it).
 * At most FIELDS_SHOWN_MAX fields and MESSAGE_MAX characters, shallow fields first, so a huge value
 * cannot push a later key out of sight; the rest are counted by the top-level key they are under. Pure.
 */
export function approvalMessage(toolName: string, args: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(args);
  const marks: Array<MarkedCharacter & { where: string }> = [];
  const tool = showText(toolName, 'name', KEY_SHOWN_MAX);
  marks.push(...tool.marked.map((mark) => ({ ...mark, where: 'the tool name' })));
  const heading = `Allow the tool ${tool.text} to run with ${keys.length === 0 ? 'no arguments' : keys.length === 1 ? 'this argument' : `these ${keys.length} arguments`}?`;

  const fields = approvalFields(args, FIELDS_SHOWN_MAX);
  const valueMax = fields.shown.length > MANY_FIELDS ? VALUE_SHOWN_MAX_WHEN_MANY : VALUE_SHOWN_MAX;
  const lines: string[] = [];
  const leftOutUnder = new Map(fields.leftOutUnder.map(({ key, count }) => [key, count]));
  let leftOut = fields.leftOut;
  let room = MESSAGE_MAX - heading.length - NOTES_ROOM;
  for (const field of fields.shown) {
    const path = showPath(field.path);
    const value = showValue(field.value, valueMax);
    const line = `- ${path.text}: ${value.text}`;
    if (line.length + 1 > room) {
      leftOut += 1;
      const top = (field.path[0] as { key: string }).key;
      leftOutUnder.set(top, (leftOutUnder.get(top) ?? 0) + 1);
      continue;
    }
    room -= line.length + 1;
    lines.push(line);
    const where = path.text.length <= WHERE_NAMED_MAX ? path.text : `the field on line ${lines.length + 2}`;
    marks.push(...[...path.marked, ...value.marked].map((mark) => ({ ...mark, where })));
  }
  return [heading, ...lines, ...leftOutNote(leftOut, leftOutUnder), ...marksNote(marks)].join('\n');
}

interface Shown {
  readonly text: string;
  readonly marked: readonly MarkedCharacter[];
}

/** `"options"."path"`, `"entities"[0]."name"`; a deep path keeps its first and last steps. */
function showPath(path: readonly PathStep[]): Shown {
  const kept =
    path.length <= PATH_STEPS_SHOWN_MAX ? path : [...path.slice(0, 3), undefined, ...path.slice(path.length - (PATH_STEPS_SHOWN_MAX - 3))];
  const marked: MarkedCharacter[] = [];
  const text = kept
    .map((step, index) => {
      if (step === undefined) return `…(${path.length - PATH_STEPS_SHOWN_MAX} levels left out)…`;
      if ('index' in step) return `[${step.index}]`;
      const key = showText(step.key, 'name', KEY_SHOWN_MAX);
      marked.push(...key.marked);
      return index === 0 ? key.text : `.${key.text}`;
    })
    .join('');
  return { text, marked };
}

function showValue(value: unknown, max: number): Shown {
  if (typeof value === 'string') return showText(value, 'value', max);
  if (value instanceof NotWalked) {
    return {
      text: value.reason === 'too deep' ? `(nested deeper than ${WALK_DEPTH_MAX} levels: not shown)` : '(the same value as above)',
      marked: [],
    };
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return { text: JSON.stringify(value), marked: [] };
  if (Array.isArray(value)) return { text: '[]', marked: [] };
  if (typeof value === 'object') return { text: '{}', marked: [] };
  return { text: '(a value that cannot be shown as JSON)', marked: [] };
}

/**
 * `text` quoted (quoteShownText), whole when it has at most `max` characters; otherwise its first and
 * last parts quoted apart, with the count of characters between them outside the quotes.
 */
function showText(text: string, kind: QuotedKind, max: number): Shown {
  // Characters, not UTF-16 units: a cut never splits one, and counts read as a person counts.
  const length = countCharacters(text, max + 1);
  if (length <= max) return quoteShownText(text, kind);
  const tail = Math.floor(max / 3);
  const head = max - tail;
  const characters = [...text];
  const first = quoteShownText(characters.slice(0, head).join(''), kind);
  const last = quoteShownText(characters.slice(characters.length - tail).join(''), kind);
  const leftOut = characters.length - head - tail;
  return {
    text: `${first.text}…(${leftOut.toLocaleString('en-US')} characters left out)…${last.text}`,
    marked: [...first.marked, ...last.marked],
  };
}

/** The characters of `text`, counted up to `stopAt` (a long text costs no more than that to measure). */
function countCharacters(text: string, stopAt: number): number {
  if (text.length < stopAt) return [...text].length;
  let count = 0;
  for (const _ of text) if (++count >= stopAt) return count;
  return count;
}

/** `…and 5,961 more fields not shown: 5,940 under "entries", 21 under "options".` */
function leftOutNote(leftOut: number, under: ReadonlyMap<string, number>): string[] {
  if (leftOut === 0) return [];
  const named = [...under]
    .slice(0, LEFT_OUT_KEYS_NAMED_MAX)
    .map(([key, count]) => `${count.toLocaleString('en-US')} under ${showText(key, 'name', KEY_NAMED_MAX).text}`);
  const others =
    under.size > LEFT_OUT_KEYS_NAMED_MAX ? ` and ${(under.size - LEFT_OUT_KEYS_NAMED_MAX).toLocaleString('en-US')} other keys` : '';
  return [`…and ${leftOut.toLocaleString('en-US')} more ${leftOut === 1 ? 'field' : 'fields'} not shown: ${named.join(', ')}${others}.`];
}

/** Names each marked character once (where first seen), so the user knows what the escapes stand for. */
function marksNote(marks: ReadonlyArray<MarkedCharacter & { where: string }>): string[] {
  if (marks.length === 0) return [];
  const first = new Map<number, MarkedCharacter & { where: string }>();
  for (const mark of marks) if (!first.has(mark.codePoint)) first.set(mark.codePoint, mark);
  const named = [...first.values()]
    .slice(0, MARKS_NAMED_MAX)
    .map((mark) => `${codePointName(mark.codePoint)} (${mark.why}) in ${mark.where}`);
  const more = first.size > MARKS_NAMED_MAX ? `; and ${first.size - MARKS_NAMED_MAX} more` : '';
  return [`Shown as \\u escapes, characters you could not see or could mistake: ${named.join('; ')}${more}.`];
}
