/** A set of listeners for one kind of event: add one (getting its removal back), notify all, clear. */
export interface Listeners<Event> {
  /** Adds `listener`; returns what removes it. */
  add(listener: (event: Event) => void): () => void;
  /** Calls every listener with `event`; one that removes itself (or another) meanwhile does not upset the round. */
  notify(event: Event): void;
  clear(): void;
}

export function createListeners<Event = void>(): Listeners<Event> {
  const listeners = new Set<(event: Event) => void>();
  return {
    add(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify(event) {
      for (const listener of [...listeners]) listener(event);
    },
    clear() {
      listeners.clear();
    },
  };
}
