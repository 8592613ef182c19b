/**
 * Shell-style name globs (`*` any run of characters, `?` one character), matched against the whole
 * name, case-sensitively. Used for core names like `browser_*`, pins and policies.
 *
 * Matching takes at most (name length) x (pattern length) steps whatever the pattern: the pattern is
 * split at its stars into pieces that must appear in order, and each piece is placed at its first
 * fit, which is never worse than a later one. A regular expression of `.*` runs backtracks instead,
 * exponentially in the number of stars (a pattern of 20 stars against a long upstream tool name
 * would never finish).
 */
export function matchesGlob(name: string, pattern: string): boolean {
  return compileGlob(pattern)(name);
}

/** True when any pattern matches. */
export function matchesAnyGlob(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesGlob(name, pattern));
}

/** A compiled glob: whether a name matches it. */
export type GlobMatcher = (name: string) => boolean;

/**
 * Compiles `pattern` once, for callers that test many names against it. Compiling is a split of the
 * pattern at its stars (no regular expression), so {@link matchesGlob} compiling per call costs little.
 */
export function compileGlob(pattern: string): GlobMatcher {
  const pieces = pattern.split('*');
  if (pieces.length === 1) return (name) => name.length === pattern.length && fitsAt(name, 0, pattern);
  const head = pieces[0]!;
  const tail = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const shortest = head.length + tail.length + middle.reduce((sum, piece) => sum + piece.length, 0);
  return (name) => {
    if (name.length < shortest || !fitsAt(name, 0, head) || !fitsAt(name, name.length - tail.length, tail)) return false;
    let from = head.length;
    const end = name.length - tail.length;
    for (const piece of middle) {
      const at = firstFit(name, piece, from, end);
      if (at < 0) return false;
      from = at + piece.length;
    }
    return true;
  };
}

/** Whether `piece` (where `?` is any one character) fits `name` at `start`. */
function fitsAt(name: string, start: number, piece: string): boolean {
  for (let index = 0; index < piece.length; index++) {
    const character = piece[index];
    if (character !== '?' && character !== name[start + index]) return false;
  }
  return true;
}

/** The first position from `from` where `piece` fits and ends by `end`, or -1. */
function firstFit(name: string, piece: string, from: number, end: number): number {
  for (let start = from; start + piece.length <= end; start++) if (fitsAt(name, start, piece)) return start;
  return -1;
}
