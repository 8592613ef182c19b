import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { RE2JS } from 're2js';

/** Told of a schema pattern the linear-time engine cannot run (a backreference, a lookahead, ...). */
export type UnsupportedPatternListener = (pattern: string, reason: string) => void;

/**
 * A regular expression engine for Ajv (`code.regExp`) that runs every schema `pattern` and
 * `patternProperties` key in time linear in the text (RE2's algorithm, the re2js package): an upstream's
 * schema can otherwise make the gateway's event loop backtrack for minutes (`^(a+)+$` over 30
 * characters took 50 s). JavaScript syntax RE2 lacks only as spelling (`\uXXXX`) is rewritten; a pattern
 * RE2 cannot run at all (backreferences, lookaround) is not checked, and `onUnsupported` is told once
 * per compile, so the rest of the schema is still checked.
 */
export function createLinearRegExpEngine(onUnsupported: UnsupportedPatternListener): RegExpEngine {
  const engine = (pattern: string, flags: string): RegExpLike => {
    // Ajv keeps compiled patterns by their toString(): each must say which pattern it is.
    const toString = (): string => `/${pattern}/${flags}`;
    try {
      const compiled = RE2JS.compile(toRe2Syntax(pattern), flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
      const matcher: RegExpLike = { test: (text: string) => compiled.test(text) };
      return Object.assign(matcher, { toString });
    } catch (error) {
      onUnsupported(pattern, error instanceof Error ? error.message : String(error));
      // Checks nothing: a call is never refused for a pattern nobody could run.
      const unchecked: RegExpLike = { test: () => true };
      return Object.assign(unchecked, { toString: () => `unchecked ${toString()}` });
    }
  };
  // Ajv writes this name into standalone code only, which the validator never generates.
  return Object.assign(engine, { code: 'RE2JS' });
}

/**
 * `pattern` with the ECMAScript escapes RE2 spells otherwise rewritten: `\uXXXX` and `\u{X...}` become
 * `\x{X...}`. Escaped backslashes are left alone (`\\u0041` is a backslash then `u0041`).
 */
export function toRe2Syntax(pattern: string): string {
  return pattern.replace(/\\(\\|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4}))/g, (whole, _escaped: string, braced?: string, four?: string) => {
    const hex = braced ?? four;
    return hex === undefined ? whole : `\\x{${hex}}`;
  });
}
