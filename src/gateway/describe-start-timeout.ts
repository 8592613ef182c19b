import type { UpstreamConfig } from './gateway-config.ts';
import { packageRunOf } from './package-runner.ts';
import type { StartTimeoutError } from './start-deadline.ts';

/**
 * Why a start ran out of time and what to do, one line for the log, `inspect` and the model:
 *
 * - `did not complete the MCP handshake within 24 s, and showed no sign of work (CPU time, output, a
 *   new process) for the last 20 s (timeouts.connect_ms)`, or `within 20 s (timeouts.connect_ms)`
 *   when no process could be watched (a remote server);
 * - `was still starting after 120 s, the most a start may take (timeouts.connect_max_ms), though it kept working`;
 *
 * then, for a server started by a package runner, that a first start downloads the package first, with
 * the key to raise and the command that fills the cache (the runner and the package only: the server's
 * own arguments may hold anything); otherwise the key to raise.
 */
export function describeStartTimeout(error: StartTimeoutError, config: UpstreamConfig): string {
  const { limits } = error;
  const what =
    error.reason === 'limit'
      ? `was still starting after ${seconds(error.elapsedMs)}, the most a start may take (timeouts.connect_max_ms), though it kept working`
      : error.watched
        ? `did not complete the MCP handshake within ${seconds(error.elapsedMs)}, and showed no sign of work (CPU time, output, a new process) for the last ${seconds(limits.quietMs)} (timeouts.connect_ms)`
        : `did not complete the MCP handshake within ${seconds(limits.quietMs)} (timeouts.connect_ms)`;
  if (config.transport !== 'stdio') return what;
  const key = error.reason === 'limit' ? 'timeouts.connect_max_ms' : 'timeouts.connect_ms';
  const now = error.reason === 'limit' ? limits.maxMs : limits.quietMs;
  const run = packageRunOf(config.command, config.args);
  if (run === undefined) return `${what}; if it needs longer to start, raise ${key} (now ${now})`;
  const raise = `${what}. A first start with ${run.runner} may still be downloading ${run.packageName === undefined ? 'its package' : `'${run.packageName}'`}: raise ${key} (now ${now})`;
  if (run.packageName === undefined) return raise;
  // npx and npm exec ask before installing unless told yes; the others do not ask.
  const byHand =
    run.runner === 'npx' || run.runner.startsWith('npm ') ? `${run.runner} -y ${run.packageName}` : `${run.runner} ${run.packageName}`;
  return `${raise}, or fill the cache first: run '${byHand}' once in a terminal (stop it with Ctrl-C if it waits for input)`;
}

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 1 : 0)} s`;
}
