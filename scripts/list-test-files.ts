// `npm test`'s file list. The runner starts the files in the order given, two at a time, each in a
// process of its own:
// - the slowest files first: a long file started last runs alone on one core while the other waits
//   (the fresh-clone test alone took the last 45 s of a run);
// - then the runners of the one-process groups: folders of tests that start no server of their own run
//   in one process per group, as each file's own process costs more than most of its tests (91 unit
//   files: 67 s of CPU in their own processes, 10 s in one);
// - then the rest by path.
// Order and grouping only: every test file runs once. A listed file that no longer exists, or a slow
// file inside a group's folder (it would run twice), stops the run, so the lists cannot rot unseen.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Measured alone on two cores (wall seconds, 2026-12-03), slowest first; refresh when a file grows. */
export const SLOWEST_TEST_FILES = [
  'test/package/fresh-clone.test.ts', // 45 s
  'test/gateway/upstream-process-groups.test.ts', // 28 s, mostly waiting on real timeouts
  'test/gateway/live-view/live-view-connections.test.ts', // 24 s
  'test/gateway/embeddings-serve.test.ts', // 16 s
  'test/gateway/busy-start.test.ts', // 14 s
  'test/gateway/live-view/live-view-browser.test.ts', // 13 s
  'test/integrations/examples.test.ts', // 12 s
  'test/gateway/cluster/cluster.test.ts', // 12 s
  'test/gateway/idle-sessions.test.ts', // 12 s
  'test/gateway/hostile-upstream.test.ts', // 11 s
  'test/gateway/http-access.test.ts', // 10 s
  'test/gateway/activity-log-file.test.ts', // 9 s
];

/**
 * Runner file -> the folders whose test files it imports, to run in its one process. A folder's
 * tests may start a child process to run and wait for (the CLI, a bench), but leave nothing behind
 * and change no process-wide state another file would see.
 */
export const ONE_PROCESS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'test/one-process/units.ts': [
    'test/adapters',
    'test/assembly',
    'test/bridge',
    'test/catalog',
    'test/config',
    'test/dispatch',
    'test/embeddings',
    'test/properties',
    'test/request-pack',
    'test/requests',
    'test/session',
    'test/spec',
    'test/tools',
  ],
  'test/one-process/commands.ts': ['test/bench', 'test/cli', 'test/docs', 'test/scripts'],
};

/** Every `*.test.ts` under `folder`, as paths relative to `root`, by path. */
function testFilesUnder(root: string, folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) return testFilesUnder(root, path);
      return entry.name.endsWith('.test.ts') ? [relative(root, path)] : [];
    })
    .sort();
}

const isUnder = (file: string, folder: string): boolean => file.startsWith(`${folder}/`);

/** The test files a group's runner imports, by path. */
export function groupTestFiles(runner: string, root: string = ROOT, groups = ONE_PROCESS_GROUPS): string[] {
  const folders = groups[runner];
  if (folders === undefined) throw new Error(`${runner} is not a runner of scripts/list-test-files.ts's ONE_PROCESS_GROUPS`);
  return folders.flatMap((folder) => testFilesUnder(root, join(root, folder)));
}

/** The files to give the runner: the slowest, the group runners, the rest. Throws naming what is wrong. */
export function orderedTestFiles(
  root: string = ROOT,
  slowestFiles: readonly string[] = SLOWEST_TEST_FILES,
  groups: Readonly<Record<string, readonly string[]>> = ONE_PROCESS_GROUPS,
): string[] {
  const runners = Object.keys(groups);
  const missing = [...slowestFiles, ...runners].filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new Error(`scripts/list-test-files.ts lists files that no longer exist: ${missing.join(', ')}`);
  const folders = Object.values(groups).flat();
  const grouped = slowestFiles.filter((file) => folders.some((folder) => isUnder(file, folder)));
  if (grouped.length > 0) throw new Error(`scripts/list-test-files.ts lists slow files inside a one-process group: ${grouped.join(', ')}`);
  const slowest = new Set(slowestFiles);
  const rest = testFilesUnder(root, join(root, 'test')).filter(
    (file) => !slowest.has(file) && !folders.some((folder) => isUnder(file, folder)),
  );
  return [...slowestFiles, ...runners, ...rest];
}

/** Imports, one after another, the test files of the group `runner` runs (its tests then run in this process). */
export async function importGroup(runner: string): Promise<void> {
  for (const file of groupTestFiles(runner)) {
    try {
      await import(pathToFileURL(join(ROOT, file)).href);
    } catch (error) {
      throw new Error(`${file} failed to load: ${(error as Error).message}`, { cause: error });
    }
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.stdout.write(`${orderedTestFiles().join('\n')}\n`);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
}
