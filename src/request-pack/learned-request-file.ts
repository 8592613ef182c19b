import { chmodSync, readFileSync, rmSync, statSync } from 'node:fs';
import { messageOf } from '../errors/message-of.ts';
import {
  createLearnedRequestTable,
  type LearnedRequest,
  type LearnedRequestBounds,
  type LearnedRequestStore,
} from '../requests/learned-requests.ts';
import { PRIVATE_FILE_MODE, writeFileAtomically } from './write-file-atomically.ts';

/** Learned requests kept in a file. */
export interface LearnedRequestFile extends LearnedRequestStore {
  readonly path: string;
}

export interface LearnedRequestFileOptions {
  readonly bounds?: LearnedRequestBounds;
  /** One line when the file cannot be read or written; learning then goes on in memory. @default ignore */
  readonly onWarning?: (message: string) => void;
}

/**
 * Learned requests kept in a JSON file (`{"format": 1, "requests": [{server, tool, text, time}]}`),
 * mode 0600 in a folder of mode 0700, bounded as the in-memory table is. Read at open; written whole
 * after each change (`addAll` writes once for many; temporary file and rename), merged first with what another process may have
 * written since, so two gateways sharing a state folder keep both their requests.
 */
export function openLearnedRequestFile(path: string, options: LearnedRequestFileOptions = {}): LearnedRequestFile {
  const warn = options.onWarning ?? (() => undefined);
  const table = createLearnedRequestTable(options.bounds);
  let writable = true;
  const initial = readLearnedRequests(path, warn);
  if (initial.length > 0) table.addAll(initial);
  tightenMode(path, warn);

  const persist = (): void => {
    if (!writable) return;
    table.addAll(readLearnedRequests(path, () => undefined));
    try {
      writeFileAtomically(path, `${JSON.stringify({ format: 1, requests: table.entries() })}\n`, { privateFolder: true });
    } catch (error) {
      writable = false;
      warn(`learned requests cannot be written to ${path} (${messageOf(error)}); what is learned from now on lasts until the process ends`);
    }
  };

  return {
    path,
    requestsOf: (server, tool) => table.requestsOf(server, tool),
    add(request) {
      const changed = table.add(request);
      if (changed) persist();
      return changed;
    },
    addAll(requests) {
      const changed = table.addAll(requests);
      if (changed) persist();
      return changed;
    },
    entries: () => table.entries(),
    clear() {
      table.clear();
      rmSync(path, { force: true });
    },
    get version() {
      return table.version;
    },
  };
}

/** The requests in a learned-requests file; none when it does not exist or cannot be read (with a warning). */
export function readLearnedRequests(path: string, warn: (message: string) => void): LearnedRequest[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT')
      warn(`learned requests cannot be read from ${path} (${messageOf(error)}); starting without them`);
    return [];
  }
  try {
    const value = JSON.parse(text) as { format?: unknown; requests?: unknown };
    if (value.format !== 1 || !Array.isArray(value.requests)) throw new Error('not {"format": 1, "requests": [...]}');
    return value.requests.filter(isLearnedRequest);
  } catch (error) {
    warn(
      `learned requests file ${path} is not valid (${messageOf(error)}); starting without it, and it is replaced at the next request learned`,
    );
    return [];
  }
}

function isLearnedRequest(value: unknown): value is LearnedRequest {
  const request = value as Partial<LearnedRequest> | null;
  return (
    typeof request === 'object' &&
    request !== null &&
    typeof request.server === 'string' &&
    typeof request.tool === 'string' &&
    typeof request.text === 'string' &&
    typeof request.time === 'number' &&
    Number.isFinite(request.time)
  );
}

/** A file others may read is made owner-only, and the operator told. */
function tightenMode(path: string, warn: (message: string) => void): void {
  try {
    const mode = statSync(path).mode & 0o777;
    if ((mode & 0o077) === 0) return;
    chmodSync(path, PRIVATE_FILE_MODE);
    warn(`learned requests file ${path} was readable by others (mode ${mode.toString(8)}); it is now owner-only (600)`);
  } catch {
    // No file yet: it is created owner-only.
  }
}
