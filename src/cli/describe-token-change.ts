/**
 * How the model's tokens changed, for the CLI's summaries: `99.8% less` when the bridge saved tokens,
 * `435.4% more` when it cost more than the few tools it replaced (a negative "less" reads as a typo),
 * `no change` when equal. Percentages are of `before`, to one decimal.
 */
export function describeTokenChange(before: number, after: number): string {
  if (before === after) return 'no change';
  if (before === 0) return 'more than none';
  const percent = (Math.abs(after - before) / before) * 100;
  return `${percent.toFixed(1)}% ${after < before ? 'less' : 'more'}`;
}
