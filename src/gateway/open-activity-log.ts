import { closeSync, openSync, writeSync } from 'node:fs';
import type { ActivityEvent } from '../dispatch/hooks.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { messageOf } from '../errors/message-of.ts';

/** One line of the activity log. */
export interface ActivityLogEntry {
  /** ISO 8601 time the call finished. */
  readonly time: string;
  readonly session: string;
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

export interface ActivityLog {
  /** Appends the entry for a finished call; ignores call_started events. */
  record(event: ActivityEvent): void;
  /** Flushes and closes the file. */
  close(): Promise<void>;
}

/** The log entry for a finished call: the server is the toolset without its `mcp-` prefix. */
export function activityLogEntry(event: ActivityEvent): ActivityLogEntry {
  return {
    time: event.time,
    session: event.sessionId,
    tool: event.tool,
    server: event.toolset.startsWith('mcp-') ? event.toolset.slice(4) : event.toolset,
    via_bridge: event.viaBridge,
    outcome: event.outcome ?? 'ok',
    duration_ms: event.durationMs ?? 0,
    ...(event.error === undefined ? {} : { error: event.error }),
  };
}

/**
 * Opens (creating or appending to) a JSON-lines activity log. Opening is checked at once, so a bad
 * path is a setup error (ToolSearchError `invalid_config_file`) rather than a silent loss of lines.
 * Lines are written synchronously (one small write per call), so a line is on disk when the call's
 * result is sent, even if the gateway is killed right after.
 */
export function openActivityLog(path: string, onError: (message: string) => void): ActivityLog {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'a');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    throw new ToolSearchError('invalid_config_file', `activity_log '${path}' cannot be opened for appending (${code}); check that its folder exists and is writable`);
  }
  return {
    record(event) {
      if (event.type !== 'call_finished' || descriptor === undefined) return;
      try {
        writeSync(descriptor, `${JSON.stringify(activityLogEntry(event))}\n`);
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
