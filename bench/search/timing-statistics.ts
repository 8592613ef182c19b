/** Median and 99th percentile of a sample of durations, in milliseconds. */
export interface TimingSummary {
  readonly medianMs: number;
  readonly p99Ms: number;
  readonly samples: number;
}

/** Summarises `durations` (milliseconds) by nearest-rank percentiles; an empty sample gives zeros. */
export function summarizeTimings(durations: readonly number[]): TimingSummary {
  if (durations.length === 0) return { medianMs: 0, p99Ms: 0, samples: 0 };
  const sorted = [...durations].sort((left, right) => left - right);
  return { medianMs: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), samples: sorted.length };
}

function percentile(sorted: readonly number[], share: number): number {
  const rank = Math.max(1, Math.ceil(share * sorted.length));
  return sorted[rank - 1]!;
}
