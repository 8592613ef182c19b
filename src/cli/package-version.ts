import { readFileSync } from 'node:fs';

/**
 * The `version` of the package's own package.json: two folders up from this file both in src/cli
 * (run through tsx) and in dist/cli (the compiled bin), so one path serves both.
 */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}
