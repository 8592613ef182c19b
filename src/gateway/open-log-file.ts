import { closeSync, constants, fstatSync, lstatSync, openSync, readlinkSync, type Stats } from 'node:fs';
import { ToolSearchError } from '../errors/tool-search-error.ts';

/** Owner read and write only: the log holds what the model asked for and what came back. */
export const LOG_FILE_MODE = 0o600;

/** An append-only descriptor of a regular file, and whether this open created it. */
export interface OpenedLogFile {
  readonly descriptor: number;
  readonly created: boolean;
  /** One line for the operator when the file was there already and other users may read it. */
  readonly warning?: string;
}

// O_NOFOLLOW refuses a symbolic link at the last step of the path, even one swapped in after the
// lstat; O_NONBLOCK keeps a FIFO swapped in from blocking the open until a reader comes (it changes
// nothing for a regular file). Both are 0 where the platform has none (Windows): the lstat still checks.
/* eslint-disable @typescript-eslint/no-unnecessary-condition -- undefined on Windows, whatever @types/node says */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;
/* eslint-enable @typescript-eslint/no-unnecessary-condition */
const APPEND = constants.O_WRONLY | constants.O_APPEND | NO_FOLLOW | NON_BLOCKING;

/**
 * Opens `path` for appending as the activity log (`what` names it in messages: `activity_log`). Only a
 * regular file is accepted, never through a symbolic link: a log that followed a link or wrote to a
 * device could append the model's activity to any file the gateway can write, and the mode change the
 * gateway used to make would land on the target (`/dev/full` became mode 600). A missing file is
 * created owner-only (LOG_FILE_MODE). An existing one keeps its mode, whatever it is: the gateway never
 * changes a file it did not create, and says so when others may read it. Throws a ToolSearchError
 * (`invalid_config_file`) naming the problem and what to do.
 */
export function openLogFile(path: string, what: string): OpenedLogFile {
  const existing = lstatOrUndefined(path, what);
  if (existing === undefined) {
    try {
      return { descriptor: openSync(path, APPEND | constants.O_CREAT | constants.O_EXCL, LOG_FILE_MODE), created: true };
    } catch (error) {
      // Created by someone else since the lstat: checked like any existing file below.
      if (codeOf(error) !== 'EEXIST') throw cannotOpen(path, what, error);
    }
  }
  const before = existing ?? lstatOrUndefined(path, what);
  if (before === undefined) throw cannotOpen(path, what, Object.assign(new Error('gone'), { code: 'ENOENT' }));
  refuseUnlessRegular(before, path, what);
  let descriptor: number;
  try {
    descriptor = openSync(path, APPEND);
  } catch (error) {
    if (codeOf(error) === 'ELOOP') throw symbolicLink(path, what);
    throw cannotOpen(path, what, error);
  }
  try {
    const opened = fstatSync(descriptor);
    // The file opened must be the one checked: not another put in its place in between.
    if (opened.dev !== before.dev || opened.ino !== before.ino)
      throw new ToolSearchError('invalid_config_file', `${what} '${path}' was replaced while it was being opened; start the gateway again`);
    refuseUnlessRegular(opened, path, what);
    const mode = opened.mode & 0o777;
    if ((mode & 0o077) === 0) return { descriptor, created: false };
    const who = (mode & 0o044) !== 0 ? 'can be read by other users' : 'can be written by other users';
    return {
      descriptor,
      created: false,
      warning: `${what} '${path}' ${who} (mode ${mode.toString(8)}); the gateway changes no mode of a file it did not create: run chmod 600 '${path}' to keep what the model does private`,
    };
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
}

function lstatOrUndefined(path: string, what: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (codeOf(error) === 'ENOENT') return undefined;
    throw cannotOpen(path, what, error);
  }
}

function refuseUnlessRegular(stats: Stats, path: string, what: string): void {
  if (stats.isSymbolicLink()) throw symbolicLink(path, what);
  if (stats.isFile()) return;
  throw new ToolSearchError(
    'invalid_config_file',
    `${what} '${path}' is ${kindOf(stats)}, not a regular file; give the path of a file (it is created, owner-only, if missing)`,
  );
}

function symbolicLink(path: string, what: string): ToolSearchError {
  let target = '';
  try {
    target = ` (to '${readlinkSync(path)}')`;
  } catch {
    // Gone or unreadable since: the message still says what it was.
  }
  return new ToolSearchError(
    'invalid_config_file',
    `${what} '${path}' is a symbolic link${target}; the gateway writes its log only to a regular file, never through a link: give the file's own path`,
  );
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

function cannotOpen(path: string, what: string, error: unknown): ToolSearchError {
  return new ToolSearchError(
    'invalid_config_file',
    `${what} '${path}' cannot be opened for appending (${codeOf(error) ?? 'error'}); check that its folder exists and is writable`,
  );
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
