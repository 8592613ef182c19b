import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PROJECT_ROOT } from '../support/fixtures.ts';
import { ENTRY_POINT_EXPORTS, specifierOf } from '../support/package-entry-points.ts';

// The package as another project gets it: `npm pack` of this checkout, installed with npm into a fresh
// project of its own, then imported and run there the way the README says. It catches what the
// checks of dist/ in place cannot: a file the `files` list leaves out, a bin npm does not link, an
// import that only resolves inside this repository.
//
// Offline and fast: the pack skips `prepare` (dist/ is built by `npm test` first), and npm installs
// the tarball with an empty cache of its own, so nothing can come from the registry; the runtime
// dependencies are linked in from this checkout's node_modules beforehand, where npm finds them
// satisfied. Installing from a git URL (npm clones, installs the dev dependencies and runs
// `prepare`) needs the network and was checked by hand (README, "Use it in another project").

const COMMAND_TIMEOUT_MS = 120_000;

interface CommandResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command without the test runner's TypeScript loader and with npm kept offline; never rejects. */
function run(cwd: string, command: string, args: readonly string[]): Promise<CommandResult> {
  const env = {
    ...process.env,
    NODE_OPTIONS: '',
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  };
  return new Promise((resolvePromise) => {
    execFile(command, args, { cwd, env, timeout: COMMAND_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
      resolvePromise({ code, stdout, stderr });
    });
  });
}

function describeFailure(label: string, result: CommandResult): string {
  return `${label} exited ${result.code}\n--- stderr ---\n${result.stderr.slice(-4000)}\n--- stdout ---\n${result.stdout.slice(-2000)}`;
}

/** Links `name` (a scoped name too) from this checkout's node_modules into `project`'s. */
function linkInstalledPackage(project: string, name: string): void {
  const target = join(project, 'node_modules', name);
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, 'node_modules', name), target, 'dir');
}

/** The README's first TypeScript block: the library snippet a newcomer pastes first. */
function firstReadmeSnippet(): string {
  const readme = readFileSync(join(PROJECT_ROOT, 'README.md'), 'utf8');
  const match = /^```ts\n([\s\S]*?)^```$/m.exec(readme);
  assert.ok(match !== null, 'README.md has a ```ts block');
  return match[1]!;
}

describe('the packed package, installed into another project', () => {
  const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
    name: string;
    bin: Record<string, string>;
    dependencies: Record<string, string>;
  };
  let parent: string;
  let project: string;
  let packed: string[];

  before(async () => {
    parent = mkdtempSync(join(tmpdir(), 'tool-search-packed-'));
    const pack = await run(PROJECT_ROOT, 'npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', parent]);
    assert.equal(pack.code, 0, describeFailure('npm pack', pack));
    const [report] = JSON.parse(pack.stdout) as { filename: string; files: { path: string }[] }[];
    packed = report!.files.map((file) => file.path);

    project = join(parent, 'consumer');
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true, type: 'module' }));
    for (const name of Object.keys(manifest.dependencies)) linkInstalledPackage(project, name);
    const install = await run(project, 'npm', [
      'install',
      '--no-save',
      '--ignore-scripts',
      '--offline',
      '--cache',
      join(parent, 'npm-cache'),
      join(parent, report!.filename),
    ]);
    assert.equal(install.code, 0, describeFailure('npm install <tarball>', install));
    // The optional peer that tool-search/ai imports, as a user of that entry point installs it; linked
    // after the install, which would drop a package nothing in the project requires.
    linkInstalledPackage(project, 'ai');
  });

  after(() => {
    if (parent !== undefined) rmSync(parent, { recursive: true, force: true });
  });

  it('packs the built code, the bin and the shipped data, and leaves tests, benches and examples out', () => {
    for (const file of [
      'dist/index.js',
      'dist/index.d.ts',
      'bin/tool-search.js',
      'request-pack/manifest.json',
      'catalogs/realistic-session.json',
      'README.md',
    ]) {
      assert.ok(packed.includes(file), `the tarball holds ${file}`);
    }
    assert.deepEqual(
      packed.filter((file) => /^(test|bench|scripts|examples|node_modules)\//.test(file)),
      [],
    );
  });

  for (const [entry, name] of Object.entries(ENTRY_POINT_EXPORTS)) {
    it(`imports ${entry} from the installed package`, async () => {
      const specifier = specifierOf(manifest.name, entry);
      const script = `const module = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(module)));`;
      const result = await run(project, process.execPath, ['--input-type=module', '-e', script]);
      assert.equal(result.code, 0, describeFailure(`import('${specifier}')`, result));
      assert.ok((JSON.parse(result.stdout) as string[]).includes(name), `${specifier} exports ${name}`);
    });
  }

  it("runs the README's first library snippet as pasted", async () => {
    writeFileSync(join(project, 'first-snippet.mjs'), firstReadmeSnippet());
    const result = await run(project, process.execPath, ['first-snippet.mjs']);
    assert.equal(result.code, 0, describeFailure('node first-snippet.mjs', result));
    assert.equal(result.stderr, '');
    assert.match(result.stdout, /\btool_search\b/);
  });

  it('links the tool-search bin, which searches the catalog the package ships', async () => {
    const bin = join(project, 'node_modules', '.bin', Object.keys(manifest.bin)[0]!);
    assert.ok(existsSync(bin), 'npm linked node_modules/.bin/tool-search');
    const catalog = join(project, 'node_modules', manifest.name, 'catalogs', 'realistic-session.json');
    const result = await run(project, bin, ['search', '--tools', catalog, 'take a screenshot of a web page']);
    assert.equal(result.code, 0, describeFailure('tool-search search', result));
    assert.match(result.stdout, /1\. mcp_playwright_browser_take_screenshot/);
  });
});
