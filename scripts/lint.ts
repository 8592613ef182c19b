// `npm run lint`: ESLint (with type information, eslint.config.js) and Prettier's check of the code's
// format (.prettierrc.json), side by side: ESLint keeps one core busy for most of the run and Prettier
// fits on the other. With --typecheck (as `npm test` runs it) `tsc --noEmit` runs beside them too, so
// the lint adds to a test run only the time the type check leaves a core idle, not ESLint's whole
// run. Each one's output is printed whole once it has finished, in that order. Exits 1 when any
// found something, naming the command that fixes what can be fixed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** What Prettier formats: the code. Data (JSON) and docs (Markdown) keep their own shape. */
export const FORMATTED_FILES = '**/*.{ts,mts,js,mjs}';

interface Finished {
  readonly code: number;
  readonly output: string;
}

const require = createRequire(import.meta.url);

/** The JavaScript file behind a package's command, run with this Node (no shell, any platform). */
function binOf(packageName: string, command: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[command];
  if (bin === undefined) throw new Error(`${packageName} has no '${command}' command; run npm install`);
  return join(dirname(manifestPath), bin);
}

function run(script: string, args: readonly string[]): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', (error) => resolve({ code: 1, output: `could not start ${script}: ${error.message}\n` }));
    child.once('close', (code) => resolve({ code: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

const typecheck = process.argv.includes('--typecheck');
const unknown = process.argv.slice(2).filter((argument) => argument !== '--typecheck');
if (unknown.length > 0) {
  process.stderr.write(`npm run lint: unknown argument ${unknown.join(' ')}; the only option is --typecheck\n`);
  process.exit(2);
}

const [types, eslint, prettier] = await Promise.all([
  typecheck ? run(binOf('typescript', 'tsc'), ['--noEmit', '-p', 'tsconfig.json']) : undefined,
  run(binOf('eslint', 'eslint'), ['.']),
  // Prettier's cache (node_modules/.cache/prettier) is keyed on each file's content and the options,
  // so it never hides a change; ESLint's is left off: with type information, a change in one file can
  // change what is found in another that its cache would skip.
  run(binOf('prettier', 'prettier'), ['--check', '--cache', '--log-level', 'warn', FORMATTED_FILES]),
]);
if (types !== undefined) process.stdout.write(types.output);
process.stdout.write(eslint.output);
process.stdout.write(prettier.output);
const problems: string[] = [];
if (types !== undefined && types.code !== 0) problems.push('tsc found type errors');
if (eslint.code !== 0) problems.push('ESLint found problems (npx eslint --fix . fixes some; see CONTRIBUTING.md)');
if (prettier.code !== 0) problems.push('files are not formatted as Prettier formats them (npm run format rewrites them)');
if (problems.length > 0) {
  process.stderr.write(`npm run lint: ${problems.join('; ')}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`npm run lint: ${typecheck ? 'tsc, ' : ''}ESLint and Prettier found nothing\n`);
}
