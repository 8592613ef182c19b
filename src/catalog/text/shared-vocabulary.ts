import { indexTermOf } from './analyze-tokens.ts';
import { growInt32Array } from './grow-int32-array.ts';
import { TokenTable } from './token-table.ts';
import { forEachTokenRange } from './tokenize.ts';

/** How much a vocabulary holds before a new one replaces it. */
export interface VocabularyCapacity {
  /** Distinct tokens. @default 500,000 */
  readonly tokens: number;
  /** Distinct texts: enough for the names and descriptions of 50,000 tools and more. @default 150,000 */
  readonly texts: number;
  /** Token ids of all texts together (4 bytes each): about four times what 50,000 tools need. @default 8,000,000 */
  readonly textTokens: number;
}

const DEFAULT_CAPACITY: VocabularyCapacity = { tokens: 500_000, texts: 150_000, textTokens: 8_000_000 };

/**
 * Tokenized texts shared by index builds: every distinct token gets a vocabulary-wide id and its index
 * term (stem, or '' for a stop word) once, and every distinct text (a tool name, a description, a
 * parameter or toolset name) its token ids once. Keyed on the text itself, never on a catalog or a
 * session, so nothing in it can be stale: a text that changes is a new key. An index build then only
 * maps ids, which is what makes rebuilding the catalog at every assembly cheap. Memory is bounded: once
 * full, a new vocabulary replaces it (indexes built on the old one keep it alive as long as they live).
 *
 * The token ids of all texts live in one growing Int32Array (`spans`), so a new text costs a map entry
 * and a few integers, not an array object of its own for the garbage collector to trace.
 */
export class SharedVocabulary {
  readonly table = new TokenTable(4096);
  /** Vocabulary token id -> index term: the stem, or '' for a stop word. */
  readonly terms: string[] = [];
  /** Vocabulary token id -> vocabulary stem id of its index term, or -1 for a stop word. */
  readonly tokenStems: number[] = [];
  /** Stem -> vocabulary stem id (0, 1, 2, ... in order of first sight). */
  readonly stemIds = new Map<string, number>();
  /**
   * The spans of all texts, back to back: at a span's offset its token count, then that many token ids.
   * Replaced by a larger copy as it grows, so read it after {@link spanOf}, not before.
   */
  spans = new Int32Array(1 << 16);
  private spansUsed = 0;
  private readonly spanOffsets = new Map<string, number>();

  private readonly capacity: VocabularyCapacity;

  constructor(capacity: Partial<VocabularyCapacity> = {}) {
    this.capacity = { ...DEFAULT_CAPACITY, ...capacity };
  }

  /** The offset in {@link spans} of the token count and vocabulary ids of `text` (tokenize order). */
  spanOf(text: string): number {
    const known = this.spanOffsets.get(text);
    if (known !== undefined) return known;
    const offset = this.spansUsed;
    // Room for a typical text up front; a long one grows the array as its tokens come (never by its
    // length up front: one huge description must not allocate twice its size in ids).
    this.reserve(offset + 1 + Math.min(text.length, 4096));
    let cursor = offset + 1;
    forEachTokenRange(text, (source, start, end, hash) => {
      const id = this.table.idOfHashed(source, start, end, hash);
      if (id === this.terms.length) this.addTerm(indexTermOf(this.table.tokens[id]!));
      if (cursor === this.spans.length) this.reserve(cursor + 1);
      this.spans[cursor++] = id;
    });
    this.spans[offset] = cursor - offset - 1;
    this.spansUsed = cursor;
    this.spanOffsets.set(text, offset);
    return offset;
  }

  /** The vocabulary ids of the tokens of `text`, in order (a copy; builds read {@link spans} directly). */
  tokenIdsOf(text: string): number[] {
    const offset = this.spanOf(text);
    return Array.from(this.spans.subarray(offset + 1, offset + 1 + this.spans[offset]!));
  }

  /** Distinct texts tokenized so far. */
  get textCount(): number {
    return this.spanOffsets.size;
  }

  get full(): boolean {
    const { tokens, texts, textTokens } = this.capacity;
    return this.table.size >= tokens || this.spanOffsets.size >= texts || this.spansUsed >= textTokens;
  }

  private addTerm(term: string): void {
    this.terms.push(term);
    let stemId = term === '' ? -1 : this.stemIds.get(term);
    if (stemId === undefined) {
      stemId = this.stemIds.size;
      this.stemIds.set(term, stemId);
    }
    this.tokenStems.push(stemId);
  }

  /** Grows `spans` to hold at least `size` ids, keeping every id written so far. */
  private reserve(size: number): void {
    if (size > this.spans.length) this.spans = growInt32Array(this.spans, size);
  }
}

let current = new SharedVocabulary();

/** The vocabulary builds use now; a fresh one when the current one is full. */
export function sharedVocabulary(): SharedVocabulary {
  if (current.full) current = new SharedVocabulary();
  return current;
}
