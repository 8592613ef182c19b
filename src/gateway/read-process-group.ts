import { readdir, readFile } from 'node:fs/promises';

/** One running process of a process group, as Linux's /proc shows it. */
export interface GroupProcess {
  readonly pid: number;
  /**
   * CPU time it used, its own and that of its children it has waited for, in clock ticks (usually
   * 1/100 s): a child that ran and ended still counts, in its parent's total.
   */
  readonly cpuTicks: number;
}

/**
 * The running processes whose process group is `groupId` (zombies, which have ended, left out), read
 * from /proc; undefined where there is no /proc to read (macOS, Windows). Reads every process's
 * `stat` file (a few hundred small reads), asynchronously so that the gateway keeps serving meanwhile.
 */
export async function readProcessGroup(groupId: number): Promise<GroupProcess[] | undefined> {
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  const rows = await Promise.all(
    entries.filter((entry) => /^\d+$/.test(entry)).map((entry) => readFile(`/proc/${entry}/stat`, 'utf8').catch(() => undefined)),
  );
  const members: GroupProcess[] = [];
  for (const row of rows) {
    const process = row === undefined ? undefined : parseStat(row);
    if (process !== undefined && process.groupId === groupId && process.state !== 'Z')
      members.push({ pid: process.pid, cpuTicks: process.cpuTicks });
  }
  return members;
}

/**
 * The fields of one `/proc/PID/stat` line this module reads. The command name, in parentheses, may
 * itself hold spaces and parentheses, so fields are counted from the last `)`: state is field 3,
 * the process group 5, user and system time 14 and 15, children's 16 and 17 (proc(5)).
 */
function parseStat(line: string): { pid: number; state: string; groupId: number; cpuTicks: number } | undefined {
  const close = line.lastIndexOf(')');
  if (close === -1) return undefined;
  const fields = line.slice(close + 2).split(' ');
  const number = (field: number): number => Number(fields[field - 3]);
  const cpuTicks = number(14) + number(15) + number(16) + number(17);
  const pid = Number.parseInt(line, 10);
  if (!Number.isFinite(cpuTicks) || !Number.isInteger(pid)) return undefined;
  return { pid, state: fields[0] ?? '', groupId: number(5), cpuTicks };
}
