/** What is known of a connected MCP server that may tell which pack entry is its own. */
export interface ServerIdentity {
  /** Its name in the config (`mcp_servers.<name>`), or the toolset `mcp-<name>` without `mcp-`. */
  readonly name?: string;
  /** The command that starts a local server, and its arguments. */
  readonly command?: string;
  readonly args?: readonly string[];
  /** A remote server's URL. */
  readonly url?: string;
  /** The name the server announced in `initialize` (serverInfo.name). */
  readonly serverName?: string;
}

/** The packages and executables a server's command line names. */
export interface LaunchedPackages {
  /** npm and PyPI package names, versions dropped (`@scope/name`, `name`, `github:owner/repo`). */
  readonly packages: readonly string[];
  /** Executables and container images: the command's own name, `.bin/<name>`, image names. */
  readonly commands: readonly string[];
}

/** Runners that take a package to run: `npx -y pkg@1`, `uvx pkg`, `pnpm dlx pkg`, `pipx run pkg`, ... */
const PACKAGE_RUNNERS: Readonly<Record<string, readonly string[]>> = {
  npx: [],
  bunx: [],
  pnpx: [],
  uvx: [],
  pnpm: ['dlx'],
  yarn: ['dlx'],
  npm: ['exec', 'x'],
  bun: ['x'],
  pipx: ['run'],
  uv: ['tool', 'run'],
};
/** Runner options that take the package as their value (`npx -p pkg`, `uvx --from pkg`, `uv run --with pkg`). */
const PACKAGE_OPTIONS = new Set(['-p', '--package', '--from', '--with', '--spec']);
/** Runner options that take some other value, skipped with it. */
const VALUED_OPTIONS = new Set([
  '-c',
  '--call',
  '--python',
  '--index-url',
  '--registry',
  '--cache',
  '--userconfig',
  '-w',
  '--workspace',
  '--directory',
]);

/**
 * The packages a server's command line runs: the package given to a runner (`npx -y
 * @modelcontextprotocol/server-github@2025.4.8`, `uvx mcp-server-git`, `pnpm dlx ...`, `pipx run ...`,
 * `uv tool run ...`, `npx -p pkg bin`), any path through `node_modules/<pkg>/` (`node
 * .../node_modules/@scope/pkg/dist/index.js`, `node_modules/.bin/<name>`), and the command's own name.
 */
export function packagesInCommand(command: string, args: readonly string[] = []): LaunchedPackages {
  const packages: string[] = [];
  const commands: string[] = [];
  const runner = executableName(command);
  commands.push(runner);
  const subcommands = PACKAGE_RUNNERS[runner];
  if (subcommands !== undefined) packages.push(...runnerPackages(args, subcommands));
  for (const word of [command, ...args]) {
    const path = word.replace(/\\/g, '/');
    const bin = /node_modules\/\.bin\/([^/]+)$/.exec(path)?.[1];
    if (bin !== undefined) {
      commands.push(executableName(bin));
      continue;
    }
    const inModules = /.*node_modules\/((?:@[^/]+\/)?[^/@.][^/]*)/.exec(path)?.[1];
    if (inModules !== undefined) packages.push(inModules);
  }
  for (const word of args) {
    // A container image (`docker run ... ghcr.io/github/github-mcp-server:latest`), tag or digest dropped.
    if (/^[a-z0-9.-]+\.[a-z]{2,}\/[a-z0-9._/-]+(?:[:@].*)?$/i.test(word)) commands.push(word.replace(/[:@].*$/, ''));
  }
  return { packages: unique(packages), commands: unique(commands) };
}

/** The packages a runner's arguments name: `--package` values, else the first argument not an option. */
function runnerPackages(args: readonly string[], subcommands: readonly string[]): string[] {
  let index = 0;
  for (const subcommand of subcommands) {
    if (args[index] !== subcommand) return [];
    index += 1;
  }
  const named: string[] = [];
  for (; index < args.length; index += 1) {
    const arg = args[index]!;
    if (arg === '--') {
      index += 1;
      break;
    }
    const [flag, inlineValue] =
      arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (PACKAGE_OPTIONS.has(flag)) {
      const value = inlineValue ?? args[++index];
      if (value !== undefined) named.push(packageName(value));
      continue;
    }
    if (VALUED_OPTIONS.has(flag)) {
      if (inlineValue === undefined) index += 1;
      continue;
    }
    if (arg.startsWith('-')) continue;
    break;
  }
  // With --package the first plain argument is an executable of that package, not a package.
  if (named.length > 0) return named;
  const first = args[index];
  return first === undefined ? [] : [packageName(first)];
}

/** A package spec without its version or extras: `@scope/name@1.2` -> `@scope/name`, `pkg==0.2[cli]` -> `pkg`. */
export function packageName(spec: string): string {
  if (/^(?:github|gitlab|bitbucket):/.test(spec)) return spec.replace(/#.*$/, '');
  const scoped = spec.startsWith('@');
  const body = scoped ? spec.slice(1) : spec;
  const cut = body.search(/[@=<>~!\[;\s]/);
  return `${scoped ? '@' : ''}${cut < 0 ? body : body.slice(0, cut)}`;
}

/** A command's name without its folder or an executable extension (`C:\\bin\\uvx.exe` -> `uvx`). */
function executableName(command: string): string {
  const base = command.replace(/\\/g, '/').split('/').pop() ?? command;
  return base.replace(/\.(?:exe|cmd|bat|ps1|js|mjs|cjs)$/i, '');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}
