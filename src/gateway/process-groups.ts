import { signalProcessGroup } from './stop-process-group.ts';

/**
 * The process groups of the stdio servers one gateway started and has not yet seen end. Servers run in
 * process groups of their own (so that stopping one reaches everything it started), which also means a
 * terminal's Ctrl-C no longer reaches them, and nothing ends them if the gateway's process exits without
 * stopping them first: a crash, or `process.exit` somewhere. So while any group is running, a handler
 * of the process's `exit` event sends each one SIGTERM (it cannot wait for them: nothing asynchronous
 * runs after `exit`). Stopping servers properly (`Gateway.close()`) gives them their grace period;
 * this is the last resort.
 */
export interface ProcessGroups {
  /** Records a started group (its leader's pid). */
  add(groupId: number): void;
  /** Forgets a group once it has ended. */
  delete(groupId: number): void;
  /** How many groups are running. */
  readonly size: number;
}

/** @param target the process whose `exit` ends the groups; @default process */
export function createProcessGroups(target: Pick<NodeJS.Process, 'on' | 'off'> = process): ProcessGroups {
  const running = new Set<number>();
  const onExit = (): void => {
    for (const groupId of running) signalProcessGroup(groupId, 'SIGTERM');
  };
  return {
    add(groupId) {
      // Registered only while something runs, so a gateway that starts no process adds no listener.
      if (running.size === 0) target.on('exit', onExit);
      running.add(groupId);
    },
    delete(groupId) {
      if (!running.delete(groupId)) return;
      if (running.size === 0) target.off('exit', onExit);
    },
    get size() {
      return running.size;
    },
  };
}
