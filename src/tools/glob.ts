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
  return compiledGlob(pattern)(name);
}

/**
 * Patterns compiled so far, by their text (a glob is a pure function of its text, so nothing in it can
 * be stale): the core names, pins and policies are matched against every tool of every step. Bounded:
 * when it holds {@link MAXIMUM_COMPILED_GLOBS} patterns it starts again.
 */
const compiledGlobs = new Map<string, GlobMatcher>();

/** At most this many compiled patterns are kept (a few hundred bytes each). */
const MAXIMUM_COMPILED_GLOBS = 1024;

function compiledGlob(pattern: string): GlobMatcher {
  let matcher = compiledGlobs.get(pattern);
  if (matcher === undefined) {
    if (compiledGlobs.size >= MAXIMUM_COMPILED_GLOBS) compiledGlobs.clear();
    matcher = compileGlob(pattern);
    compiledGlobs.set(pattern, matcher);
  }
  return matcher;
}

/** True when any pattern matches. */
export function matchesAnyGlob(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesGlob(name, pattern));
}

/** A compiled glob: whether a name matches it. */
export type GlobMatcher = (name: string) => boolean;

/**
 * Compiles `pattern` once, for callers that test many names against it. Compiling is a split of the
 * pattern at its stars (no regular expression); {@link matchesGlob} keeps what it compiled, by pattern.
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
