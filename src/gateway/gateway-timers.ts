/** The timer functions the gateway schedules restarts and deadlines with; injected so tests control time. */
export interface GatewayTimers {
  readonly setTimeout: (callback: () => void, milliseconds: number) => unknown;
  readonly clearTimeout: (handle: unknown) => void;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
}

export const SYSTEM_TIMERS: GatewayTimers = Object.freeze({
  setTimeout: (callback: () => void, milliseconds: number) => setTimeout(callback, milliseconds),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
});
