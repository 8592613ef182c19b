import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, test } from 'node:test';
import { createProcessGroups } from '../../src/gateway/process-groups.ts';
import { processGroupIsRunning, stopProcessGroup } from '../../src/gateway/stop-process-group.ts';

/**
 * A process in a group of its own that sleeps, and with `ignoreTerm` ignores SIGTERM; `ready` settles
 * once it is set up, `exited` with the signal that ended it.
 */
function startGroup(ignoreTerm: boolean): { groupId: number; ready: Promise<void>; exited: Promise<NodeJS.Signals | null> } {
  const script = `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} process.stdout.write('ready'); setInterval(() => {}, 1 << 30);`;
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
  return {
    groupId: child.pid!,
    ready: new Promise((resolve) => child.stdout!.once('data', () => resolve())),
    exited: new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal))),
  };
}

describe('process groups', { skip: process.platform === 'win32' && 'POSIX process groups' }, () => {
  test('stopProcessGroup ends a group that ignores SIGTERM with SIGKILL after the grace period', async () => {
    const { groupId, ready, exited } = startGroup(true);
    await ready;
    await stopProcessGroup(groupId, { leaderExited: new Promise(() => undefined), graceMs: 300 });
    assert.equal(await exited, 'SIGKILL');
    assert.equal(await processGroupIsRunning(groupId), false);
  });

  test("the process's exit sends SIGTERM to every group still running, and only while one runs is it listened for", async () => {
    const exitingProcess = new EventEmitter();
    const groups = createProcessGroups(exitingProcess as unknown as NodeJS.Process);
    assert.equal(exitingProcess.listenerCount('exit'), 0);
    const first = startGroup(false);
    const second = startGroup(false);
    await Promise.all([first.ready, second.ready]);
    groups.add(first.groupId);
    groups.add(second.groupId);
    assert.equal(exitingProcess.listenerCount('exit'), 1);
    exitingProcess.emit('exit', 0);
    assert.deepEqual(await Promise.all([first.exited, second.exited]), ['SIGTERM', 'SIGTERM']);
    groups.delete(first.groupId);
    groups.delete(second.groupId);
    assert.equal(exitingProcess.listenerCount('exit'), 0);
    assert.equal(groups.size, 0);
  });
});
