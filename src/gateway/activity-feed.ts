import type { ActivityEvent } from '../dispatch/hooks.ts';

/** An event as the feed carries it: an activity event, with the named client of its session if any. */
type FeedEvent = ActivityEvent & { readonly client?: string };

/**
 * The gateway's activity fan-out: every event of every client session, handed to whoever subscribed
 * (the live view's history, tracing). Publishing with no subscriber is one size check, so a
 * gateway that serves no page pays nothing for the feed.
 */
export interface ActivityFeed {
  publish(event: FeedEvent): void;
  /** Adds a listener; returns what removes it. A listener that throws is ignored (the feed only observes). */
  subscribe(listener: (event: FeedEvent) => void): () => void;
  subscriberCount(): number;
  clear(): void;
}

export function createActivityFeed(): ActivityFeed {
  const listeners = new Set<(event: FeedEvent) => void>();
  return {
    publish(event) {
      if (listeners.size === 0) return;
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch {
          // An observer must not change a call's outcome.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    subscriberCount: () => listeners.size,
    clear: () => listeners.clear(),
  };
}
