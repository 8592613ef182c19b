/** A count as people read it in English: digits grouped by thousands (`148,065`). */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * A count with its noun in the right number: `1 tool`, `2 tools`, `148,065 tokens`. `plural` defaults
 * to the singular plus `s`; give it for irregular nouns.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
