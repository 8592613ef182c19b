import { foldCase, hashRange } from './token-hash.ts';

/**
 * An open-addressing hash table from token text to a dense id (0, 1, 2, ... in order of first sight),
 * looked up by a range of a source string so that a token already seen costs no string allocation. The
 * range (ASCII letters and digits, as the tokenizer makes them) is read lower-cased ("Send" in a
 * description is the token "send"); tokens are stored in lower case. Owned by one index build; it grows
 * as needed.
 */
export class TokenTable {
  /** Token text by id. */
  readonly tokens: string[] = [];
  private hashes: number[] = [];
  private slots: Int32Array;
  private mask: number;

  constructor(expectedTokens = 1024) {
    let capacity = 64;
    while (capacity < expectedTokens * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(-1);
    this.mask = capacity - 1;
  }

  get size(): number {
    return this.tokens.length;
  }

  /** The id of `source.slice(start, end)` lower-cased, adding it when new (then the id equals the old size). */
  idOf(source: string, start: number, end: number): number {
    return this.idOfHashed(source, start, end, hashRange(source, start, end));
  }

  /** {@link idOf} with the token's hash (token-hash.ts) already computed by the caller. */
  idOfHashed(source: string, start: number, end: number, hash: number): number {
    let slot = hash & this.mask;
    for (;;) {
      const id = this.slots[slot]!;
      if (id < 0) break;
      if (this.hashes[id] === hash && equalsRange(this.tokens[id]!, source, start, end)) return id;
      slot = (slot + 1) & this.mask;
    }
    const id = this.tokens.length;
    this.tokens.push(source.slice(start, end).toLowerCase());
    this.hashes.push(hash);
    this.slots[slot] = id;
    if (this.tokens.length * 2 > this.slots.length) this.grow();
    return id;
  }

  /** The id of `token`, or -1 when it was never added. */
  find(token: string): number {
    const hash = hashRange(token, 0, token.length);
    let slot = hash & this.mask;
    for (;;) {
      const id = this.slots[slot]!;
      if (id < 0) return -1;
      if (this.hashes[id] === hash && this.tokens[id] === token) return id;
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    this.hashes.forEach((hash, id) => {
      let slot = hash & mask;
      while (slots[slot]! >= 0) slot = (slot + 1) & mask;
      slots[slot] = id;
    });
    this.slots = slots;
    this.mask = mask;
  }
}

function equalsRange(token: string, source: string, start: number, end: number): boolean {
  if (token.length !== end - start) return false;
  for (let index = 0; index < token.length; index++)
    if (token.charCodeAt(index) !== foldCase(source.charCodeAt(start + index))) return false;
  return true;
}
