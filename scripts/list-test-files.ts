// `npm test`'s file list. The runner starts the files in the order given, two at a time, each in a
// process of its own:
// - the longest first: a long file started last runs alone on one core while the other waits (the
//   fresh-clone test alone took the last 45 s of a run);
// - the test files of a folder run in one process per group (a runner file imports them), as a
//   process of its own costs a file more than most of its tests: 91 unit files took 67 s of CPU in
//   their own processes and 10 s in one; the 58 gateway files 163 s and 89 s;
// - files of no group, by path.
// Order and grouping only: every test file runs once (test/scripts/list-test-files.test.ts holds it).
// A listed file that no longer exists stops the run, so the lists cannot rot unseen.
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Started first, longest first: group runners and files that run in a process of their own. Wall
 * seconds measured on two cores, 2026-12-03; refresh when a file grows.
 */
export const LONGEST_FIRST = [
  'test/one-process/gateway.ts', // 73 s
  'test/gateway/upstream-process-groups.test.ts', // 28 s, mostly waiting on real timeouts
  'test/package/fresh-clone.test.ts', // 25 s
  'test/gateway/live-view/live-view-connections.test.ts', // 24 s
  'test/one-process/commands.ts', // 17 s
  'test/gateway/embeddings-serve.test.ts', // 16 s
  'test/one-process/integrations.ts', // 16 s
  'test/gateway/busy-start.test.ts', // 14 s
  'test/gateway/live-view/live-view-browser.test.ts', // 13 s
  'test/integrations/examples.test.ts', // 12 s
  'test/gateway/cluster/cluster.test.ts', // 12 s
  'test/gateway/idle-sessions.test.ts', // 12 s
  'test/gateway/hostile-upstream.test.ts', // 11 s
  'test/gateway/http-access.test.ts', // 10 s
  'test/gateway/activity-log-file.test.ts', // 9 s
  'test/one-process/units.ts', // 8 s
];

/**
 * Runner file -> the folders whose test files it imports, to run in its one process (but those in
 * LONGEST_FIRST, which run in their own). A file's tests may start servers and child processes but
 * must stop them, and change no process-wide state another file would see.
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
  'test/one-process/gateway.ts': ['test/gateway'],
  'test/one-process/integrations.ts': ['test/integrations', 'test/package'],
};

export interface TestLists {
  readonly longestFirst: readonly string[];
  readonly groups: Readonly<Record<string, readonly string[]>>;
}

const PROJECT_LISTS: TestLists = { longestFirst: LONGEST_FIRST, groups: ONE_PROCESS_GROUPS };

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
export function groupTestFiles(runner: string, root: string = ROOT, lists: TestLists = PROJECT_LISTS): string[] {
  const folders = lists.groups[runner];
  if (folders === undefined) throw new Error(`${runner} is not a runner of scripts/list-test-files.ts's ONE_PROCESS_GROUPS`);
  const own = new Set(lists.longestFirst);
  return folders.flatMap((folder) => testFilesUnder(root, join(root, folder))).filter((file) => !own.has(file));
}

/** The files to give the runner: LONGEST_FIRST, the other group runners, files of no group. Throws naming a listed file that is gone. */
export function orderedTestFiles(root: string = ROOT, lists: TestLists = PROJECT_LISTS): string[] {
  const runners = Object.keys(lists.groups);
  const missing = [...new Set([...lists.longestFirst, ...runners])].filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) throw new Error(`scripts/list-test-files.ts lists files that no longer exist: ${missing.join(', ')}`);
  const first = new Set(lists.longestFirst);
  const folders = Object.values(lists.groups).flat();
  const rest = testFilesUnder(root, join(root, 'test')).filter(
    (file) => !first.has(file) && !folders.some((folder) => isUnder(file, folder)),
  );
  return [...lists.longestFirst, ...runners.filter((runner) => !first.has(runner)), ...rest];
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
