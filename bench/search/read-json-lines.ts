import { readFileSync } from 'node:fs';

/** Parses a JSON Lines file (one JSON value per non-empty line). */
export function readJsonLines(path: string): unknown[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
