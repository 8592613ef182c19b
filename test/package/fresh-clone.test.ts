import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';

// A fresh clone of the repository, alone in a temporary folder (no ../shared beside it), running what
// the README tells a new user to run, `npm run bench -- --quick`, and every link of README.md and
// docs/*.md. The "clone" is the working tree's files as git would commit them (tracked plus untracked
// files that are not ignored), so the test holds before a commit too.
//
// Limitation: `npm ci` needs the network, so node_modules is a symlink to this checkout's; what the
// test proves is that nothing outside the clone but its installed dependencies is needed. `npm ci`'s
// own build step (`prepare`: tsc to dist/) is run in the clone.

const PROJECT_ROOT = resolve(import.meta.dirname, '..', '..');
/** Enough for `npm run bench -- --quick` (about 40 s alone) on two shared cores. */
const BENCH_TIMEOUT_MS = 300_000;
const COMMAND_TIMEOUT_MS = 120_000;

interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in the clone without the test runner's TypeScript loader; never rejects. */
function run(clone: string, command: string, args: readonly string[], timeout = COMMAND_TIMEOUT_MS): Promise<CommandResult> {
  const env = {
    ...process.env,
    NODE_OPTIONS: '',
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return new Promise((resolvePromise) => {
    execFile(command, args, { cwd: clone, env, timeout, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

function describeFailure(label: string, result: CommandResult): string {
  return `${label} exited ${result.code}\n--- stderr ---\n${result.stderr.slice(-4000)}\n--- stdout ---\n${result.stdout.slice(-2000)}`;
}

/** The files a commit of the working tree would hold: tracked (and still present) plus untracked, not ignored. */
function committableFiles(): string[] {
  const listing = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listing.split('\0').filter((file) => file !== ''))].filter(
    (file) => existsSync(join(PROJECT_ROOT, file)) && statSync(join(PROJECT_ROOT, file)).isFile(),
  );
}

/** Copies the committable files into `clone` and links node_modules; returns the files copied. */
function copyRepository(clone: string): string[] {
  const files = committableFiles();
  for (const file of files) {
    const target = join(clone, file);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(PROJECT_ROOT, file), target);
    chmodSync(target, statSync(join(PROJECT_ROOT, file)).mode);
  }
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  return files;
}

/** Relative link targets of a Markdown file: `[text](target)` and `![alt](target)`, without #fragment; fenced code and code spans skipped. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.split('#')[0]!));
}

function isInside(folder: string, path: string): boolean {
  const fromFolder = relative(folder, path);
  return fromFolder !== '' && !fromFolder.startsWith('..') && !fromFolder.startsWith(sep);
}

describe('a fresh clone, with no ../shared beside it', () => {
  let parent: string;
  let clone: string;
  let files: string[];

  before(async () => {
    parent = mkdtempSync(join(tmpdir(), 'tool-search-fresh-clone-'));
    clone = join(parent, 'tool-search');
    files = copyRepository(clone);
    // What `npm ci` runs through `prepare`: compile src/ to dist/, which bin/tool-search.js loads.
    const build = await run(clone, process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
    assert.equal(build.code, 0, describeFailure('npm run build', build));
  });

  after(() => {
    if (parent !== undefined) rmSync(parent, { recursive: true, force: true });
  });

  it('stands alone: nothing beside it, and no file refers to the SPEC, style guide or data kept beside the project', () => {
    assert.equal(existsSync(join(clone, '..', 'shared')), false);
    const sibling = /\.\.\/shared\/(SPEC|STYLE|data)\b/;
    const offenders = files.filter(
      (file) => /\.(md|ts|mts|js|mjs|json|ya?ml)$/.test(file) && sibling.test(readFileSync(join(clone, file), 'utf8')),
    );
    assert.deepEqual(offenders, []);
  });

  it('prints the CLI help', async () => {
    const result = await run(clone, process.execPath, ['bin/tool-search.js', '--help']);
    assert.equal(result.code, 0, describeFailure('tool-search --help', result));
    assert.match(result.stdout, /Usage: tool-search <command>/);
    for (const command of ['assemble', 'search', 'demo', 'serve', 'inspect']) assert.match(result.stdout, new RegExp(`\\b${command}\\b`));
  });

  it('runs the demo on the bundled 17-server catalog', async () => {
    const result = await run(clone, process.execPath, ['bin/tool-search.js', 'demo']);
    assert.equal(result.code, 0, describeFailure('tool-search demo', result));
    assert.match(result.stdout, /17 MCP servers, 358 tools/);
    assert.match(result.stdout, /tool_search, tool_describe, tool_call/);
  });

  it("runs the README's search example", async () => {
    const result = await run(clone, process.execPath, [
      'bin/tool-search.js',
      'search',
      '--tools',
      'catalogs/realistic-session.json',
      'take a screenshot of a web page',
    ]);
    assert.equal(result.code, 0, describeFailure('tool-search search', result));
    assert.match(result.stdout, /1\. mcp_playwright_browser_take_screenshot/);
  });

  it('npm start inspects the shipped gateway config: three real MCP servers, offline', async () => {
    const result = await run(clone, 'npm', ['start']);
    assert.equal(result.code, 0, describeFailure('npm start', result));
    for (const server of ['everything', 'filesystem', 'memory']) assert.match(result.stdout, new RegExp(`${server}\\s+connected`));
  });

  it('npm run bench -- --help lists what it can run', async () => {
    const result = await run(clone, 'npm', ['run', '--silent', 'bench', '--', '--help']);
    assert.equal(result.code, 0, describeFailure('npm run bench -- --help', result));
    for (const word of ['quality', 'speed', 'gateway', 'trust', '--quick', '--set=NAME']) assert.ok(result.stdout.includes(word), word);
  });

  // The gateway, trust and cluster parts are left out here: they read no data of bench/data, which is
  // what a clone could be missing. The gateway part reads the bundled catalog and the demo config,
  // which the demo and npm start above read in the clone; it starts some 20 server processes, a
  // sixteenth of the whole suite's CPU. test/bench/trust-bench.test.ts runs trust, smaller still;
  // test/gateway/cluster/cluster.test.ts drives the cluster bench's instances, Redis and HAProxy.
  it('npm run bench -- --quick runs the parts that read data on the bundled data and leaves the committed results alone', async () => {
    const out = join(parent, 'bench-quick');
    const committed = readdirSync(join(clone, 'bench', 'results')).map((file) => [
      file,
      readFileSync(join(clone, 'bench', 'results', file), 'utf8'),
    ]);
    const result = await run(
      clone,
      'npm',
      ['run', '--silent', 'bench', '--', 'quality', 'speed', '--quick', `--out=${out}`],
      BENCH_TIMEOUT_MS,
    );
    assert.equal(result.code, 0, describeFailure('npm run bench -- --quick', result));
    assert.deepEqual(readdirSync(out).sort(), ['search.json', 'search.md', 'search.svg']);
    const search = JSON.parse(readFileSync(join(out, 'search.json'), 'utf8')) as {
      quality: { dataset: string; scores: { queries: number } }[];
      speed: unknown[];
    };
    const datasets = new Set(search.quality.map((row) => row.dataset));
    for (const name of ['Seal-Tools test_in', 'BFCL v4', 'MetaTool', 'LiveMCPBench']) assert.ok(datasets.has(name), name);
    assert.ok(search.quality.every((row) => row.scores.queries > 0));
    assert.ok(search.speed.length > 0);
    assert.match(readFileSync(join(out, 'search.md'), 'utf8'), /^> Quick run/);
    const after = readdirSync(join(clone, 'bench', 'results')).map((file) => [
      file,
      readFileSync(join(clone, 'bench', 'results', file), 'utf8'),
    ]);
    assert.deepEqual(after, committed);
  });

  it('resolves every relative link of README.md and docs/*.md to a file inside the clone', () => {
    const documents = [
      'README.md',
      ...readdirSync(join(clone, 'docs'))
        .filter((file) => file.endsWith('.md'))
        .map((file) => join('docs', file)),
    ];
    const broken: string[] = [];
    const realClone = realpathSync(clone);
    for (const document of documents) {
      for (const target of relativeLinks(readFileSync(join(clone, document), 'utf8'))) {
        const path = resolve(clone, dirname(document), target);
        if (!existsSync(path) || !isInside(realClone, realpathSync(path))) broken.push(`${document}: ${target}`);
      }
    }
    assert.deepEqual(broken, []);
  });
});
