import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `tool-search serve --http 0` running as its own process, as a user starts it. */
export interface ServeProcess {
  /** `http://127.0.0.1:<port>/mcp` */
  readonly url: URL;
  /** The headers every request needs (the bearer token). */
  readonly headers: Readonly<Record<string, string>>;
  /** Resident memory of the gateway process in bytes, or undefined where /proc is not available. */
  residentBytes(): number | undefined;
  stop(): Promise<void>;
}

export interface ServeProcessOptions {
  readonly projectRoot: string;
  /** A scratch folder for the config file. */
  readonly folder: string;
  /** The gateway config document. */
  readonly config: unknown;
  readonly token: string;
}

/**
 * Starts `node bin/tool-search.js serve --http 0` with the token in TOOL_SEARCH_HTTP_TOKEN, and resolves
 * once it says where it serves and that its upstreams are ready (its stderr lines).
 */
export function startServeProcess(options: ServeProcessOptions): Promise<ServeProcess> {
  const configPath = join(options.folder, 'trust-bench-gateway.json');
  writeFileSync(configPath, JSON.stringify(options.config));
  const child = spawn(process.execPath, [join(options.projectRoot, 'bin/tool-search.js'), 'serve', '--config', configPath, '--http', '0'], {
    env: { ...process.env, TOOL_SEARCH_HTTP_TOKEN: options.token },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      log += chunk;
      const url = /Streamable HTTP at (\S+)/.exec(log)?.[1];
      if (url === undefined || !/ready: /.test(log)) return;
      resolve({
        url: new URL(url),
        headers: { authorization: `Bearer ${options.token}` },
        residentBytes: () => residentBytes(child.pid),
        async stop() {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    });
    void exited.then(() => reject(new Error(`tool-search serve stopped before serving:\n${log}`)));
  });
}

/** VmRSS of a process from /proc (Linux), in bytes. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}
