import { readDataText } from './read-data-text.ts';

/** Parses a JSON Lines file (one JSON value per non-empty line); a name ending `.gz` is gunzipped first. */
export function readJsonLines(path: string): unknown[] {
  return readDataText(path)
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
