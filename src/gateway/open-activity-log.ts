import { closeSync, fchmodSync, fstatSync, openSync, writeSync } from 'node:fs';
import type { ActivityEvent } from '../dispatch/hooks.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { messageOf } from '../errors/message-of.ts';
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

/** Owner read and write only: the log holds what the model asked for and what came back. */
const LOG_FILE_MODE = 0o600;

/**
 * Opens (creating or appending to) a JSON-lines activity log, readable by its owner alone. Opening is
 * checked at once, so a bad path is a setup error (ToolSearchError `invalid_config_file`) rather than a
 * silent loss of lines. Every line passes through `redact` before it is written. Lines are written
 * synchronously (one small write per event), so a line is on disk when the call's result is sent, even
 * if the gateway is killed right after.
 */
export function openActivityLog(path: string, onError: (message: string) => void, redact: Redactor = (text) => text): ActivityLog {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'a', LOG_FILE_MODE);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    throw new ToolSearchError('invalid_config_file', `activity_log '${path}' cannot be opened for appending (${code}); check that its folder exists and is writable`);
  }
  tightenPermissions(descriptor, path, onError);
  return {
    record(event) {
      const entry = activityLogEntry(event);
      if (entry !== undefined) this.write(entry);
    },
    write(entry) {
      if (descriptor === undefined) return;
      try {
        writeSync(descriptor, `${JSON.stringify(redactJson<unknown>(entry, redact, { event: 'withheld', time: entry.time, session: entry.session }))}\n`);
      } catch (error) {
        onError(`activity_log '${path}': ${messageOf(error)}; no more lines will be written`);
        descriptor = undefined;
      }
    },
    async close() {
      if (descriptor !== undefined) closeSync(descriptor);
      descriptor = undefined;
    },
  };
}

/** An existing log that others may read is made owner-only, and the operator is told. */
function tightenPermissions(descriptor: number, path: string, onError: (message: string) => void): void {
  try {
    const mode = fstatSync(descriptor).mode & 0o777;
    if ((mode & 0o077) === 0) return;
    fchmodSync(descriptor, LOG_FILE_MODE);
    onError(`activity_log '${path}' was readable by others (mode ${mode.toString(8)}); it is now owner-only (600)`);
  } catch (error) {
    onError(`activity_log '${path}': could not make it owner-only (${messageOf(error)})`);
  }
}
