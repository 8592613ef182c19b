import type { EmbeddingPurpose, TextEmbedder } from '../catalog/meaning/text-embedder.ts';
import { firstLineOf } from '../errors/message-of.ts';

/** The first pause after a failure. @default 15 s */
export const DEFAULT_FIRST_RETRY_MS = 15_000;
/** The longest pause: each failure in a row doubles the last, up to this. @default 10 minutes */
export const DEFAULT_LONGEST_RETRY_MS = 600_000;

export interface BackoffOptions {
  /** Told once per outage, at its first failure, and once when the endpoint answers again. */
  readonly log: (line: string) => void;
  /** What the lines call the endpoint (its URL as written and model, never a secret). */
  readonly name: string;
  /** @default DEFAULT_FIRST_RETRY_MS */
  readonly firstRetryMs?: number;
  /** @default DEFAULT_LONGEST_RETRY_MS */
  readonly longestRetryMs?: number;
  /** @default Date.now */
  readonly now?: () => number;
}

/**
 * Rejects with a failure already reported (the outage's one warning), so that whoever catches it says
 * nothing more: a search during an outage ranks by words alone without a line of its own.
 */
export class EmbeddingOutageError extends Error {
  override readonly name = 'EmbeddingOutageError';
}

/**
 * `embedder` that, after a failure, is not called again for a while: calls meanwhile reject at once
 * (a search never waits on an endpoint known to be down), and the first call after the pause tries
 * again, the pause doubling with each failure in a row. An outage is told in one warning line, and its
 * end in one line; every rejection is an EmbeddingOutageError.
 *
 * An outage ends when a call of the purpose that began it answers: an endpoint that answers a search's
 * one query but fails every batch of tool texts is one outage, told once, its pause still doubling,
 * not a new warning each time a query gets through.
 */
export function withBackoff(embedder: TextEmbedder, options: BackoffOptions): TextEmbedder {
  const now = options.now ?? Date.now;
  const first = options.firstRetryMs ?? DEFAULT_FIRST_RETRY_MS;
  const longest = options.longestRetryMs ?? DEFAULT_LONGEST_RETRY_MS;
  let pause = 0; // 0 while the endpoint answers
  let retryAt = 0;
  let reason = '';
  // The purpose of the call whose failure began the outage: only its answer ends the outage.
  let failedPurpose: EmbeddingPurpose | undefined;
  // Failures counted so far: calls that were under way together fail together, and count once.
  let failures = 0;

  const fail = (error: unknown, seen: number, purpose: EmbeddingPurpose | undefined): EmbeddingOutageError => {
    if (seen !== failures) return new EmbeddingOutageError(`embeddings unavailable: ${firstLineOf(error)}`);
    failures += 1;
    reason = firstLineOf(error);
    if (pause === 0) {
      pause = first;
      failedPurpose = purpose;
      options.log(
        `warning: embeddings (${options.name}): ${reason}; tool_search ranks by words alone until it answers (tried again in ${Math.round(first / 1000)} s, then less often)`,
      );
    } else {
      pause = Math.min(pause * 2, longest);
    }
    retryAt = now() + pause;
    return new EmbeddingOutageError(`embeddings unavailable: ${reason}`);
  };

  return {
    async embed(texts, purpose) {
      if (pause > 0 && now() < retryAt) throw new EmbeddingOutageError(`embeddings unavailable: ${reason}`);
      // The next caller waits for this one's outcome rather than joining a burst at a failing endpoint.
      const pausedUntil = retryAt;
      if (pause > 0) retryAt = Number.POSITIVE_INFINITY;
      const seen = failures;
      try {
        const vectors = await embedder.embed(texts, purpose);
        if (pause > 0 && purpose === failedPurpose) {
          pause = 0;
          options.log(`embeddings (${options.name}) answer again; tool_search ranks by meaning too`);
        } else if (pause > 0 && seen === failures) {
          retryAt = pausedUntil; // already past: the next call of the failing purpose tries again
        }
        return vectors;
      } catch (error) {
        throw fail(error, seen, purpose);
      }
    },
  };
}
