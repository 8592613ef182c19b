/**
 * Shell-style name globs (`*` any run of characters, `?` one character), matched against the whole
 * name, case-sensitively. Used for core names like `browser_*`, pins and policies.
 */
export function matchesGlob(name: string, pattern: string): boolean {
  return globToRegExp(pattern).test(name);
}

/** True when any pattern matches. */
export function matchesAnyGlob(name: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesGlob(name, pattern));
}

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (const character of pattern) {
    if (character === '*') source += '.*';
    else if (character === '?') source += '.';
    else source += character.replace(/[.+^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 's');
}
