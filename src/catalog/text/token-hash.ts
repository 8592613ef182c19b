/**
 * FNV-1a over the ASCII-lower-cased UTF-16 code units of a token, cut to 30 bits so that it stays a
 * small integer in V8: "Send" and "send" hash alike. The tokenizer computes it while scanning
 * (HASH_SEED, then hashStep with each character, then hashFinish), so the token table need not read a
 * token's characters a second time; hashRange gives the same value for a range of text.
 */
export const HASH_SEED = 0x811c9dc5;

export function hashStep(hash: number, code: number): number {
  return Math.imul(hash ^ foldCase(code), 0x01000193);
}

/** A-Z to a-z; every other code unit as it is. */
export function foldCase(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

export function hashFinish(hash: number): number {
  return hash & 0x3fffffff;
}

/** The hash of `source.slice(start, end)` (lower-cased). */
export function hashRange(source: string, start: number, end: number): number {
  let hash = HASH_SEED;
  for (let index = start; index < end; index++) hash = hashStep(hash, source.charCodeAt(index));
  return hashFinish(hash);
}
