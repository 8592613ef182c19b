/** How much of one argument's value the approval question shows, in characters. */
export const ARGUMENT_SHOWN_MAX = 300;
/** With more arguments than this, each value is shown shorter, so that every key still fits. */
export const MANY_ARGUMENTS = 40;
/** How much of each value is shown when there are many arguments. */
export const ARGUMENT_SHOWN_MAX_WHEN_MANY = 60;
/** How much of an argument's name is shown. */
export const KEY_SHOWN_MAX = 100;

/**
 * The question an approval prompt asks: the tool, then every argument key on its own line with its
 * value as JSON. A long value is clipped on its own, keeping its start and its end and saying how many
 * characters were left out between them, so padding one value can neither push another key out of
 * sight nor hide what the value ends with (`"<2,000 spaces>main"`). Pure.
 */
export function approvalMessage(toolName: string, args: Readonly<Record<string, unknown>>): string {
  const keys = Object.keys(args);
  const valueMax = keys.length > MANY_ARGUMENTS ? ARGUMENT_SHOWN_MAX_WHEN_MANY : ARGUMENT_SHOWN_MAX;
  const lines = keys.map((key) => `- ${clipMiddle(key, KEY_SHOWN_MAX)}: ${clipMiddle(showValue(args[key]), valueMax)}`);
  const heading = `Allow the tool '${clipMiddle(toolName, KEY_SHOWN_MAX)}' to run with ${keys.length === 0 ? 'no arguments' : keys.length === 1 ? 'this argument' : `these ${keys.length} arguments`}?`;
  return [heading, ...lines].join('\n');
}

function showValue(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return '(a value that cannot be shown as JSON)';
  }
}

/** `text` whole when short; otherwise its first and last parts with the count of characters between. */
export function clipMiddle(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / 3);
  const head = max - tail;
  const leftOut = text.length - head - tail;
  return `${text.slice(0, head)} …(${leftOut.toLocaleString('en-US')} characters left out)… ${text.slice(text.length - tail)}`;
}
