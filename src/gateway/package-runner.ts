/** A command line that downloads a package before it runs it (`npx -y @modelcontextprotocol/server-github`). */
export interface PackageRun {
  /** How the user wrote the runner: `npx`, `uvx`, `npm exec`, `pnpm dlx`, ... */
  readonly runner: string;
  /** The package it runs, as written; undefined when it cannot be told. */
  readonly packageName: string | undefined;
}

/** Runners that are commands of their own. */
const RUNNERS = new Set(['npx', 'pnpx', 'bunx', 'uvx']);
/** Runners that are a subcommand of a package manager. */
const SUBCOMMAND_RUNNERS: Readonly<Record<string, readonly string[]>> = { npm: ['exec', 'x'], pnpm: ['dlx'], yarn: ['dlx'], bun: ['x'] };

/**
 * Whether `command args` fetches a package before running it, and which: npx, pnpx, bunx and uvx, and
 * `npm exec`/`npm x`, `pnpm dlx`, `yarn dlx`, `bun x`, by the command's file name (a path and a
 * Windows `.cmd`/`.exe` ending allowed). The package is the value of `-p`/`--package`/`--from`, else the
 * first argument that is not an option.
 */
export function packageRunOf(command: string, args: readonly string[]): PackageRun | undefined {
  const name = command
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(?:cmd|exe)$/i, '')
    .toLowerCase();
  let rest = args;
  let runner = name;
  if (!RUNNERS.has(name)) {
    const subcommand = args[0];
    if (subcommand === undefined || !SUBCOMMAND_RUNNERS[name]?.includes(subcommand)) return undefined;
    runner = `${name} ${subcommand}`;
    rest = args.slice(1);
  }
  return { runner, packageName: packageNameOf(rest) };
}

function packageNameOf(args: readonly string[]): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const argument = args[index]!;
    const inline = /^--(?:package|from)=(.+)$/.exec(argument);
    if (inline !== null) return inline[1];
    if (argument === '-p' || argument === '--package' || argument === '--from') return args[index + 1];
    if (argument === '--') return args[index + 1];
    if (!argument.startsWith('-')) return argument;
  }
  return undefined;
}
