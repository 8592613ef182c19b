import { indexTermOf } from './analyze-tokens.ts';
import { TokenTable } from './token-table.ts';
import { forEachTokenRange } from './tokenize.ts';

/** How much a vocabulary holds before a new one replaces it. */
export interface VocabularyCapacity {
  /** Distinct tokens. @default 500,000 */
  readonly tokens: number;
  /** Distinct texts: enough for the names and descriptions of 50,000 tools and more. @default 150,000 */
  readonly texts: number;
}

const DEFAULT_CAPACITY: VocabularyCapacity = { tokens: 500_000, texts: 150_000 };

/**
 * Tokenized texts shared by index builds: every distinct token gets a vocabulary-wide id and its index
 * term (stem, or '' for a stop word) once, and every distinct text (a tool name, a description, a
 * parameter or toolset name) its token ids once. Keyed on the text itself, never on a catalog or a
 * session, so nothing in it can be stale: a text that changes is a new key. An index build then only
 * maps ids, which is what makes rebuilding the catalog at every assembly cheap. Memory is bounded: once
 * full, a new vocabulary replaces it (indexes built on the old one keep it alive as long as they live).
 */
export class SharedVocabulary {
  readonly table = new TokenTable(4096);
  /** Vocabulary token id -> index term: the stem, or '' for a stop word. */
  readonly terms: string[] = [];
  private readonly texts = new Map<string, readonly number[]>();

  constructor(private readonly capacity: VocabularyCapacity = DEFAULT_CAPACITY) {}

  /** The vocabulary ids of the tokens of `text` (tokenize), in order. */
  tokenIdsOf(text: string): readonly number[] {
    let ids = this.texts.get(text);
    if (ids === undefined) {
      const found: number[] = [];
      forEachTokenRange(text, (source, start, end, hash) => {
        const id = this.table.idOfHashed(source, start, end, hash);
        if (id === this.terms.length) this.terms.push(indexTermOf(this.table.tokens[id]!));
        found.push(id);
      });
      ids = found;
      this.texts.set(text, ids);
    }
    return ids;
  }

  get full(): boolean {
    return this.table.size >= this.capacity.tokens || this.texts.size >= this.capacity.texts;
  }
}

let current = new SharedVocabulary();

/** The vocabulary builds use now; a fresh one when the current one is full. */
export function sharedVocabulary(): SharedVocabulary {
  if (current.full) current = new SharedVocabulary();
  return current;
}
