import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../src/cli/main.ts';
import { PROJECT_ROOT } from './fixtures.ts';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function runCli(argv: readonly string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { code, stdout, stderr };
}

/** Runs the real `bin/tool-search.js` in a child process, as a user's shell would. */
export function runBin(argv: readonly string[], cwd = PROJECT_ROOT): Promise<CliRun> {
  return new Promise((resolvePromise) => {
    execFile(
      process.execPath,
      [join(PROJECT_ROOT, 'bin', 'tool-search.js'), ...argv],
      { cwd, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolvePromise({ code, stdout, stderr });
      },
    );
  });
}
