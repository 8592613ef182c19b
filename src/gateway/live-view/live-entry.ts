import type { ObservedActivity } from '../create-gateway.ts';
import { activityLogEntry } from '../open-activity-log.ts';
import { redactJson, type Redactor } from '../redact-secrets.ts';
import { previewValue } from './preview-value.ts';

/**
 * One line of the live view's feed: the very entry the activity log gets for the event (redacted the
 * same way), plus what the log never holds: for a call, `arguments` and `result` as small redacted
 * previews (previewValue), and `saved_tokens`, the schema tokens this model request did not carry
 * because of Tool Search (0 when it is not active or unknown).
 */
export type LiveEntry = Readonly<Record<string, unknown>> & {
  readonly event: string;
  readonly time: string;
  readonly session: string;
  readonly saved_tokens: number;
};

/** The entries a page shows: what the model did. A log's `tools` lines are not among them. */
const SHOWN_EVENTS: ReadonlySet<string> = new Set(['search', 'describe', 'call', 'refused']);

/** Whether a parsed activity-log line is one the feed shows: a search, describe, call or refusal with its time and session. */
export function isFeedLine(line: unknown): boolean {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return false;
  const { event, time, session } = line as Record<string, unknown>;
  return typeof event === 'string' && SHOWN_EVENTS.has(event) && typeof time === 'string' && typeof session === 'string';
}

/**
 * The feed entry for an activity event, or undefined for one the feed does not show (call_started).
 * It names the event's client (`client`, as the log's entry does) when its session is a named client's. Pure.
 */
export function liveEntryOf(event: ObservedActivity, redact: Redactor, savedTokens: number): LiveEntry | undefined {
  const logged = activityLogEntry(event);
  if (logged === undefined) return undefined;
  const entry = redactJson<Record<string, unknown>>({ ...logged }, redact, {
    event: 'withheld',
    time: logged.time,
    session: logged.session,
  });
  const previews =
    event.type === 'call_finished'
      ? {
          ...(event.arguments === undefined ? {} : { arguments: previewValue(event.arguments, redact) }),
          ...(event.result === undefined ? {} : { result: previewValue(event.result, redact) }),
        }
      : {};
  return {
    ...entry,
    ...previews,
    event: String(entry['event']),
    time: logged.time,
    session: String(entry['session']),
    saved_tokens: savedTokens,
  };
}

/**
 * The feed entry for a line of an activity log (a gateway's earlier run, or this one's), or undefined
 * for a line that is not a search, describe, call or refusal. Its text is redacted again and every
 * string cut, since the file may hold anything. Pure.
 */
export function liveEntryOfLogLine(line: unknown, redact: Redactor, savedTokens: number): LiveEntry | undefined {
  if (!isFeedLine(line)) return undefined;
  const record = line as Record<string, unknown>;
  const event = String(record['event']);
  const shown = previewValue(record, redact) as Record<string, unknown>;
  return { ...shown, event, time: String(shown['time']), session: String(shown['session']), saved_tokens: savedTokens };
}
