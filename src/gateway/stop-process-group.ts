import { readProcessGroup } from './read-process-group.ts';

/**
 * How long a stopping server gets for each step: to exit once its stdin is closed, then to exit once
 * its process group got SIGTERM, before the group gets SIGKILL. The MCP SDK's own stdio transport
 * gives the same 2 s at each step (to one process only). @default 2,000 ms
 */
export const DEFAULT_STOP_GRACE_MS = 2_000;

/** How often a stopping group is looked at. */
const POLL_MS = 50;

/**
 * Sends `signal` to every process of the group `groupId`. Returns false when no process is left in it
 * (or none this process may signal); never throws.
 */
export function signalProcessGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a process of the group is still running. Where /proc shows them, zombies (ended, waiting for
 * a parent to collect them) do not count: an orphan's zombie may wait for PID 1 a long while.
 */
export async function processGroupIsRunning(groupId: number): Promise<boolean> {
  if (!signalProcessGroup(groupId, 0)) return false;
  const members = await readProcessGroup(groupId);
  return members === undefined || members.length > 0;
}

export interface StopProcessGroupOptions {
  /** Settles when the group's leader (the process the gateway started) has exited. */
  readonly leaderExited: Promise<void>;
  /** @default DEFAULT_STOP_GRACE_MS */
  readonly graceMs?: number;
}

/**
 * Ends the process group of a server whose stdin the caller has just closed: waits up to `graceMs` for
 * the leader to exit on its own (servers end when their input ends, finishing their writes), then sends
 * SIGTERM to the whole group, which also reaches what the leader started and left behind (npx's
 * `npm exec`, the shell it runs, the server, the server's own children), waits up to `graceMs` for
 * all of them, and sends SIGKILL to whatever is left. Resolves once none is running, or `graceMs` after
 * the SIGKILL (a process stuck in the kernel, or one that changed its user, cannot be waited for).
 */
export async function stopProcessGroup(groupId: number, options: StopProcessGroupOptions): Promise<void> {
  const graceMs = options.graceMs ?? DEFAULT_STOP_GRACE_MS;
  await waitAtMost(options.leaderExited, graceMs);
  if (!signalProcessGroup(groupId, 'SIGTERM')) return;
  if (await ended(groupId, graceMs)) return;
  signalProcessGroup(groupId, 'SIGKILL');
  await ended(groupId, graceMs);
}

/** Polls until no process of the group runs (true) or `withinMs` passed (false). */
async function ended(groupId: number, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (await processGroupIsRunning(groupId)) {
    if (Date.now() >= deadline) return false;
    await delay(POLL_MS);
  }
  return true;
}

/** Waits for `promise`, or `milliseconds` if that is sooner; leaves no timer behind to hold the process. */
async function waitAtMost(promise: Promise<void>, milliseconds: number): Promise<void> {
  let handle: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([promise, new Promise<void>((resolve) => (handle = setTimeout(resolve, milliseconds)))]);
  clearTimeout(handle);
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
