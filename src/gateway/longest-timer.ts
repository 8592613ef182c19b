/**
 * The longest delay a Node timer can wait: 2^31 - 1 ms (about 24.8 days). Node fires a timer set for
 * longer after 1 ms instead, with only a process warning, so a timeout of a year would cancel every
 * call at once. Every configured timeout is checked against it.
 */
export const LONGEST_TIMER_MS = 2_147_483_647;

/** `99999999999 is above 2147483647 ms (about 24.8 days), the longest a timer can wait`: the start of both messages. */
export function aboveLongestTimer(value: number): string {
  return `${value} is above ${LONGEST_TIMER_MS} ms (about ${(LONGEST_TIMER_MS / 86_400_000).toFixed(1)} days), the longest a timer can wait`;
}
