import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from 'node:test';

// `tool-search ... | head` closes the pipe before the CLI has written everything; the CLI must end
// quietly, as Unix tools do, not with an unhandled EPIPE and a stack trace.

const ROOT = resolve(import.meta.dirname, '..', '..');

test('a reader that closes the pipe early ends the CLI quietly, with status 0', async () => {
  // The native tools array of the 358-tool session: about 600 KB of JSON, far more than one pipe buffer.
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'bin', 'tool-search.js'),
      'assemble',
      '--tools',
      join(ROOT, 'catalogs', 'realistic-session.json'),
      '--format',
      'anthropic-native',
    ],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // Read one chunk, then close our end, as `head -c` does.
  await new Promise<void>((resolvePromise) => child.stdout.once('data', () => resolvePromise()));
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolvePromise) => child.on('close', (exitCode) => resolvePromise(exitCode)));
  assert.equal(stderr, '');
  assert.equal(code, 0);
});
