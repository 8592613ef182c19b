import { jsonTextOverBounds } from '../../src/bridge/nesting-depth.ts';
import { INCOMING_MESSAGE_BOUNDS } from '../../src/gateway/bound-incoming-message.ts';
import { MAX_REQUEST_BODY_BYTES } from '../../src/gateway/read-request-json.ts';

/** How big each part of the worst request's arguments is. */
export interface WorstRequestSize {
  /** Characters of `value`, checked against the backtracking pattern ^(a+)+$. */
  readonly valueLength: number;
  /** Keys of `keys`, each checked against the same pattern (patternProperties); the i-th has 27 + i letters. */
  readonly keys: number;
  /** Objects in `items`, checked for uniqueItems. */
  readonly items: number;
  /** Values in `numbers`, each checked to be an integer (one error each when wrong). */
  readonly numbers: number;
}

/**
 * The largest request the gateway reads (under MAX_REQUEST_BODY_BYTES: 4 MB, and 200,000 values) with
 * every argument check of the hostile fixture's `worst_case` tool at its costliest: 1,000,000 letters
 * for the backtracking pattern, 1,500 keys of 27 to 1,526 letters for patternProperties, 30,000 objects
 * for uniqueItems and 100,000 values of an integer list (2.9 MB, about 166,000 values).
 */
export const FULL_WORST_REQUEST: WorstRequestSize = { valueLength: 1_000_000, keys: 1_500, items: 30_000, numbers: 100_000 };

/**
 * The arguments of a `worst_case` call. `wrong`: every check fails at its last step (a `!` after the
 * letters of the value and of every key, the last object a copy of an earlier one, every number a
 * string), so a backtracking engine or a quadratic check would take the longest and error collection
 * would have the most to collect. Otherwise every check passes and the upstream is called with it all.
 * Throws when the request would be past the gateway's own bounds (it would then be refused unread,
 * which measures nothing).
 */
export function worstRequestArguments(size: WorstRequestSize, wrong: boolean): Record<string, unknown> {
  const tail = wrong ? '!' : '';
  const items: Record<string, unknown>[] = Array.from({ length: size.items }, (_, index) => ({ id: index }));
  if (wrong && size.items > 1) items[items.length - 1] = { id: Math.floor(size.items / 2) };
  const args = {
    value: `${'a'.repeat(size.valueLength)}${tail}`,
    keys: Object.fromEntries(Array.from({ length: size.keys }, (_, index) => [`${'a'.repeat(27 + index)}${tail}`, 'x'])),
    items,
    numbers: Array.from({ length: size.numbers }, (_, index) => (wrong ? 'x' : index)),
  };
  const text = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'mcp_hostile_worst_case', arguments: args } });
  const over = jsonTextOverBounds(text, INCOMING_MESSAGE_BOUNDS);
  if (Buffer.byteLength(text) > MAX_REQUEST_BODY_BYTES || over !== undefined) {
    throw new Error(
      `the worst request is past the gateway's bounds (${Buffer.byteLength(text)} bytes${over === undefined ? '' : `, ${over}`}): make it smaller`,
    );
  }
  return args;
}
