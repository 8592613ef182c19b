import { closeSync, writeSync } from 'node:fs';
import type { ActivityEvent } from '../dispatch/hooks.ts';
import { messageOf } from '../errors/message-of.ts';
import { openLogFile } from './open-log-file.ts';
import { redactJson, type Redactor } from './redact-secrets.ts';

/** One line of the activity log: a call, a search, a describe, or a request refused before any tool ran. */
export type ActivityLogEntry = CallLogEntry | SearchLogEntry | DescribeLogEntry | RefusalLogEntry | ToolListLogEntry;

interface LogEntryBase {
  /** ISO 8601 time of the event (a call's: when it finished). */
  readonly time: string;
  readonly session: string;
  /** The named client (`http.clients`) whose session it is; absent for the single token, stdio and unnamed sessions. */
  readonly client?: string;
}

export interface CallLogEntry extends LogEntryBase {
  readonly event: 'call';
  /** The underlying tool's model-visible name, never `tool_call`. */
  readonly tool: string;
  readonly server: string;
  /** True when the model reached the tool through tool_call. */
  readonly via_bridge: boolean;
  /** ok, error, blocked, denied, declined or cancelled. */
  readonly outcome: string;
  readonly duration_ms: number;
  readonly error?: string;
  /**
   * When it did not succeed: the outcome's code. `invalid_arguments` means the gateway refused the
   * model's arguments before the tool ran; `tool_failed`, that the tool (its server) answered with an error.
   */
  readonly code?: string;
}

export interface SearchLogEntry extends LogEntryBase {
  readonly event: 'search';
  readonly query: string;
  /** The names of the matches, best first. */
  readonly results: readonly string[];
}

export interface DescribeLogEntry extends LogEntryBase {
  readonly event: 'describe';
  readonly tool: string;
  readonly server: string;
}

export interface RefusalLogEntry extends LogEntryBase {
  readonly event: 'refused';
  /** The tool named (cut at 200 characters), when the request named one. */
  readonly tool?: string;
  /** The bridge tool, or the name called directly. */
  readonly via: string;
  /** Why: unknown_tool, invalid_arguments, unavailable (its server is down), denied, ... */
  readonly outcome: string;
  readonly error: string;
}

/**
 * A tool list sent to a client (`tools/list`): what every later model request of that session carries,
 * against what it would without Tool Search. `tool-search activity` counts the tokens saved from it.
 */
export interface ToolListLogEntry extends LogEntryBase {
  readonly event: 'tools';
  readonly active: boolean;
  readonly tools_before: number;
  readonly tools_after: number;
  /** Schema tokens (characters / 4 estimate) of every tool of the session, and of the array sent. */
  readonly tokens_before: number;
  readonly tokens_after: number;
}

export interface ActivityLog {
  /** Appends the entry for an event; ignores call_started events (the call_finished one says it all). */
  record(event: ActivityEvent & { readonly client?: string }): void;
  /** Appends an entry that is not an activity event (a tool list). */
  write(entry: ActivityLogEntry): void;
  /** Whether lines are being written, and how many were lost. */
  status(): ActivityLogStatus;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

/**
 * The log entry for an event, or undefined for call_started. The server is the toolset without `mcp-`;
 * `client` is the named client the event's session belongs to, when the gateway added one.
 */
export function activityLogEntry(event: ActivityEvent & { readonly client?: string }): ActivityLogEntry | undefined {
  const base = { time: event.time, session: event.sessionId, ...(event.client === undefined ? {} : { client: event.client }) };
  switch (event.type) {
    case 'call_started':
      return undefined;
    case 'call_finished':
      return {
        ...base,
        event: 'call',
        tool: event.tool,
        server: serverOf(event.toolset),
        via_bridge: event.viaBridge,
        outcome: event.outcome ?? 'ok',
        duration_ms: event.durationMs ?? 0,
        ...(event.error === undefined ? {} : { error: event.error }),
        ...(event.code === undefined ? {} : { code: event.code }),
      };
    case 'search':
      return { ...base, event: 'search', query: event.query ?? '', results: event.results ?? [] };
    case 'describe':
      return { ...base, event: 'describe', tool: event.tool ?? '', server: serverOf(event.toolset ?? '') };
    case 'refused':
      return {
        ...base,
        event: 'refused',
        ...(event.tool === undefined ? {} : { tool: event.tool }),
        via: event.via,
        outcome: event.code ?? 'refused',
        error: event.error ?? '',
      };
  }
}

function serverOf(toolset: string): string {
  return toolset.startsWith('mcp-') ? toolset.slice(4) : toolset;
}

/**
 * Whether the activity log is being written: what `inspect`, the gateway's log and the live view say.
 * A log that cannot take a line is never given up on silently.
 */
export interface ActivityLogStatus {
  /** The log's absolute path. */
  readonly path: string;
  /** `writing` while lines reach the file; `failing` from a line that could not be written until one is again. */
  readonly state: 'writing' | 'failing';
  /** Lines lost to write errors since the log was opened. */
  readonly linesLost: number;
  /** While failing, the last write error: `ENOSPC: no space left on device`. */
  readonly error?: string;
}

/**
 * Opens (creating or appending to) a JSON-lines activity log: a regular file, never through a symbolic
 * link, created owner-only; an existing file keeps its mode, with a warning when others may read it
 * (open-log-file.ts). Opening is checked at once, so a bad path is a setup error (ToolSearchError
 * `invalid_config_file`) rather than a silent loss of lines. Every line passes through `redact` before
 * it is written. Lines are written synchronously (one small write per event, repeated until the whole
 * line is out), so a line is on disk when the call's result is sent, even if the gateway is killed
 * right after. A line that cannot be written (disk full, file too large) is counted as lost and
 * `onError` is told once per run of failures; every later line is tried again, starting on a line of
 * its own should part of the failed one have reached the file.
 */
export function openActivityLog(path: string, onError: (message: string) => void, redact: Redactor = (text) => text): ActivityLog {
  const opened = openLogFile(path, 'activity_log');
  if (opened.warning !== undefined) onError(`warning: ${opened.warning}`);
  let descriptor: number | undefined = opened.descriptor;
  let linesLost = 0;
  let failure: string | undefined;
  /** Part of a failed line reached the file: the next one starts with a newline. */
  let torn = false;
  const append = (line: string): void => {
    if (descriptor === undefined) return;
    const bytes = Buffer.from(`${torn ? '\n' : ''}${line}\n`);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(descriptor, bytes, written);
      if (failure !== undefined) onError(`activity_log '${path}': lines are written again (${linesLost} lost in all)`);
      failure = undefined;
      torn = false;
    } catch (error) {
      if (written > 0) torn = true;
      linesLost += 1;
      const first = failure === undefined;
      failure = describeWriteError(error);
      if (first) {
        onError(
          `warning: activity_log '${path}': a line could not be written (${failure}); the gateway tries again with every line, and inspect and the live view say how many were lost`,
        );
      }
    }
  };
  return {
    record(event) {
      const entry = activityLogEntry(event);
      if (entry !== undefined) this.write(entry);
    },
    write(entry) {
      append(JSON.stringify(redactJson<unknown>(entry, redact, { event: 'withheld', time: entry.time, session: entry.session })));
    },
    status() {
      return {
        path,
        state: failure === undefined ? 'writing' : 'failing',
        linesLost,
        ...(failure === undefined ? {} : { error: failure }),
      };
    },
    async close() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}

/** `ENOSPC: no space left on device` from Node's `ENOSPC: no space left on device, write`: the code and what it means. */
export function describeWriteError(error: unknown): string {
  const match = /^([A-Z][A-Z0-9]+): ([^,]+)/.exec(messageOf(error));
  return match === null ? messageOf(error).replace(/\s+/g, ' ').slice(0, 200) : `${match[1]}: ${match[2]}`;
}
