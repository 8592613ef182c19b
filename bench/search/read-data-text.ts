import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * The UTF-8 text of a bench data file; a name ending `.gz` is gunzipped first. The public data sets in
 * bench/data are stored gzipped where that keeps the repository small (bench/data/README.md).
 */
export function readDataText(path: string): string {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** A bench data file parsed as one JSON value (gunzipped first when its name ends `.gz`). */
export function readDataJson(path: string): unknown {
  return JSON.parse(readDataText(path)) as unknown;
}
