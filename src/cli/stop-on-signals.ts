import { constants } from 'node:os';

/**
 * The signals that end a command which started MCP servers: Ctrl-C, a `kill`, a closed terminal. The
 * servers run in process groups of their own, so these no longer reach them; the command must stop them.
 */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/**
 * Calls `onSignal` on the first of STOP_SIGNALS the process gets, once: a second Ctrl-C while it runs
 * ends the process at once, as it would without a handler. Returns the function that removes the
 * handlers again (call it when the command is done).
 */
export function onStopSignal(onSignal: (signal: StopSignal) => void): () => void {
  const handlers = STOP_SIGNALS.map((signal) => {
    const handler = (): void => {
      remove();
      onSignal(signal);
    };
    process.once(signal, handler);
    return [signal, handler] as const;
  });
  const remove = (): void => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  return remove;
}

/** The exit status of a process ended by `signal`, as shells report it: 128 plus the signal's number (130 for SIGINT). */
export function signalExitCode(signal: StopSignal): number {
  return 128 + constants.signals[signal];
}
