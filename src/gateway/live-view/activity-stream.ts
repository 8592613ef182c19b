import type { ServerResponse } from 'node:http';
import type { ActivityEvent } from '../../dispatch/hooks.ts';
import { activityLogEntry } from '../open-activity-log.ts';
import { redactJson, type Redactor } from '../redact-secrets.ts';

/** Bytes a browser may leave unread before its stream is closed (it reconnects and reloads the state). */
export const STREAM_BUFFER_LIMIT = 1_000_000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

/** Where a stream reads its events from: the gateway's activity feed and its catalog changes. */
export interface ActivitySources {
  /** Each event with the named client of its session, when it has one (the entry then names it). */
  onActivity(listener: (event: ActivityEvent & { readonly client?: string }) => void): () => void;
  onToolsChanged(listener: () => void): () => void;
}

/**
 * Streams the gateway's activity to one browser as server-sent events: `ready` once subscribed, then
 * one `activity` event per activity-log line (the very entry the log would get, redacted the same
 * way), and `catalog` when the tools changed. Subscribed only while the browser is connected; returns
 * what ends the stream.
 */
export function streamActivity(response: ServerResponse, sources: ActivitySources, redact: Redactor, headers: Readonly<Record<string, string>>): () => void {
  response.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
  let open = true;
  const send = (chunk: string): void => {
    if (!open) return;
    // A reader that stopped reading must not make the gateway hold its events without bound.
    if (response.writableLength > STREAM_BUFFER_LIMIT) return end();
    response.write(chunk);
  };
  const stopActivity = sources.onActivity((event) => {
    const entry = activityLogEntry(event);
    if (entry !== undefined) send(`event: activity\ndata: ${JSON.stringify(redactJson<unknown>(entry, redact, { event: 'withheld' }))}\n\n`);
  });
  const stopCatalog = sources.onToolsChanged(() => send('event: catalog\ndata: {}\n\n'));
  const keepAlive = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
  keepAlive.unref();
  function end(): void {
    if (!open) return;
    open = false;
    stopActivity();
    stopCatalog();
    clearInterval(keepAlive);
    response.end();
  }
  response.once('close', end);
  send('retry: 2000\nevent: ready\ndata: {}\n\n');
  return end;
}
