import type { ServerResponse } from 'node:http';
import type { ActivityHistory, HistoryItem } from './activity-history.ts';

/** Bytes a browser may leave unread before its stream is closed (it reconnects and resumes from its last id). */
export const STREAM_BUFFER_LIMIT = 1_000_000;
/** A comment line this often keeps proxies and the browser from closing an idle stream. */
const KEEP_ALIVE_MS = 25_000;

/** Where a stream reads from: the live view's history (the entries, with ids) and the catalog's changes. */
export interface StreamSources {
  readonly history: ActivityHistory;
  onToolsChanged(listener: () => void): () => void;
}

/**
 * Streams the activity to one browser as server-sent events: `ready` once subscribed (with the newest
 * id), then, for a browser resuming after `lastEventId`, the kept entries after it (and a `gap` event
 * saying how many are no longer kept, when some are not), then one `activity` event per new entry, each
 * with its `id:` so a broken stream resumes where it stopped (the browser sends it back as
 * `Last-Event-ID`). `catalog` says the tools changed. Entries are the history's, already redacted.
 * Subscribed only while the browser is connected; returns what ends the stream.
 */
export function streamActivity(
  response: ServerResponse,
  sources: StreamSources,
  lastEventId: number | undefined,
  headers: Readonly<Record<string, string>>,
): () => void {
  response.writeHead(200, { ...headers, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
  let open = true;
  const send = (chunk: string): void => {
    if (!open) return;
    // A reader that stopped reading must not make the gateway hold its events without bound.
    if (response.writableLength > STREAM_BUFFER_LIMIT) return end();
    response.write(chunk);
  };
  const sendItem = (item: HistoryItem): void =>
    send(`id: ${item.id}\nevent: activity\ndata: ${JSON.stringify({ id: item.id, ...item.entry })}\n\n`);
  send(`retry: 2000\nevent: ready\ndata: ${JSON.stringify({ last_id: sources.history.lastId() })}\n\n`);
  // Replayed and subscribed in one turn of the event loop: no entry can fall between the two.
  if (lastEventId !== undefined) {
    const resumed = sources.history.after(lastEventId);
    if (resumed.missed > 0) send(`event: gap\ndata: ${JSON.stringify({ missed: resumed.missed })}\n\n`);
    for (const item of resumed.items) sendItem(item);
  }
  const stopActivity = sources.history.subscribe(sendItem);
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
  return end;
}

/** The id a browser resumes from (`Last-Event-ID`, or `?after=` for a client that cannot set headers), or undefined. */
export function resumeIdOf(header: string | string[] | undefined, query: string | null): number | undefined {
  const text = (Array.isArray(header) ? header[0] : header) ?? query ?? undefined;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}
