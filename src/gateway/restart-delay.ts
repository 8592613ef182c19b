/** How restarts of a failed upstream are spaced. */
export interface RestartBackoff {
  /** Delay before the first restart. @default 1000 */
  readonly initialMs: number;
  /** Upper bound of the delay. @default 30000 */
  readonly maxMs: number;
}

export const DEFAULT_RESTART_BACKOFF: RestartBackoff = Object.freeze({ initialMs: 1_000, maxMs: 30_000 });

/**
 * Milliseconds to wait before restart number `failures` (1 for the first): the initial delay doubled
 * per failure, capped at the maximum. Deterministic (no jitter): one gateway restarts few servers.
 */
export function restartDelay(failures: number, backoff: RestartBackoff = DEFAULT_RESTART_BACKOFF): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** exponent);
}
