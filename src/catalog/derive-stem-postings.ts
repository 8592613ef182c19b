import { FIELD_COUNT, type GroupedOccurrences, type SearchIndex } from './build-search-index.ts';

/** What a derived build knows of its documents when it groups their occurrences by stem. */
export interface DerivedDocuments {
  /** New document -> the base document whose occurrences it copied, or -1 for one read anew. */
  readonly baseDocumentOf: Int32Array;
  /** The new index's occurrence pairs (token id, document * FIELD_COUNT + field), in document order. */
  readonly occurrences: Int32Array;
  /** New document -> the first of its occurrence pairs; one more entry, the end of the last. */
  readonly documentStarts: Int32Array;
  /** The new index's stem count (the base's stems first, with the same ids). */
  readonly stemCount: number;
  /** Token id -> stem id, or -1 for a stop word (the base's tokens first, with the same ids). */
  readonly tokenStems: readonly number[];
}

/**
 * The stem postings of a derived index, made from the base's instead of sorting every occurrence
 * again: each stem's base entries are copied with their documents renumbered (the removed ones
 * left out), and the entries of the documents read anew follow them. Per stem, a document's entries
 * stay together and in their order, which is all a search reads of them (a property test compares
 * every search with a fresh build's). Document counts are the base's, less the removed documents'
 * stems, plus the new documents'. The work beyond one pass over the base's entries is in proportion
 * to the documents removed and added.
 *
 * Undefined when two new documents copied the same base document (a catalog listing one tool twice):
 * the renumbering is then not one to one, and the caller groups the occurrences afresh.
 */
export function deriveStemPostings(base: SearchIndex, documents: DerivedDocuments): GroupedOccurrences | undefined {
  const { baseDocumentOf, occurrences, documentStarts, stemCount, tokenStems } = documents;
  const baseCount = base.tools.length;
  const newDocumentOf = new Int32Array(baseCount).fill(-1);
  for (let document = 0; document < baseDocumentOf.length; document++) {
    const from = baseDocumentOf[document]!;
    if (from < 0) continue;
    if (newDocumentOf[from]! >= 0) return undefined;
    newDocumentOf[from] = document;
  }
  const baseStemCount = base.stemDocumentCounts.length;
  const sizes = new Int32Array(stemCount + 1);
  const documentCounts = new Int32Array(stemCount);
  const nameDocumentCounts = new Int32Array(stemCount);
  for (let stem = 0; stem < baseStemCount; stem++) {
    sizes[stem + 1] = base.stemOffsets[stem + 1]! - base.stemOffsets[stem]!;
    documentCounts[stem] = base.stemDocumentCounts[stem]!;
    nameDocumentCounts[stem] = base.stemNameDocumentCounts[stem]!;
  }
  // Per stem, the last document counted, so that a document counts once per stem (and once by name).
  // Removed base documents are marked -1 - document and new ones document, so no mark is the fill.
  const lastDocument = new Int32Array(stemCount).fill(UNMARKED);
  const lastNameDocument = new Int32Array(stemCount).fill(UNMARKED);
  const count = (pairs: Int32Array, first: number, end: number, document: number, step: 1 | -1): void => {
    for (let position = first; position < end; position++) {
      const stem = tokenStems[pairs[position * 2]!]!;
      if (stem < 0) continue;
      sizes[stem + 1]! += step;
      if (lastDocument[stem] !== document) {
        lastDocument[stem] = document;
        documentCounts[stem]! += step;
      }
      if (pairs[position * 2 + 1]! % FIELD_COUNT === 0 && lastNameDocument[stem] !== document) {
        lastNameDocument[stem] = document;
        nameDocumentCounts[stem]! += step;
      }
    }
  };
  const baseStarts = base.reuse.documentStarts;
  for (let from = 0; from < baseCount; from++) {
    if (newDocumentOf[from]! < 0) count(base.occurrences, baseStarts[from]!, baseStarts[from + 1]!, -1 - from, -1);
  }
  for (let document = 0; document < baseDocumentOf.length; document++) {
    if (baseDocumentOf[document]! < 0) count(occurrences, documentStarts[document]!, documentStarts[document + 1]!, document, 1);
  }
  const offsets = sizes;
  for (let stem = 0; stem < stemCount; stem++) offsets[stem + 1]! += offsets[stem]!;
  const entries = new Int32Array(offsets[stemCount]!);
  const cursors = offsets.slice(0, stemCount);
  for (let stem = 0; stem < baseStemCount; stem++) {
    const end = base.stemOffsets[stem + 1]!;
    let cursor = cursors[stem]!;
    for (let position = base.stemOffsets[stem]!; position < end; position++) {
      const documentField = base.stemEntries[position]!;
      const document = newDocumentOf[(documentField / FIELD_COUNT) | 0]!;
      if (document >= 0) entries[cursor++] = document * FIELD_COUNT + (documentField % FIELD_COUNT);
    }
    cursors[stem] = cursor;
  }
  for (let document = 0; document < baseDocumentOf.length; document++) {
    if (baseDocumentOf[document]! >= 0) continue;
    for (let position = documentStarts[document]!; position < documentStarts[document + 1]!; position++) {
      const stem = tokenStems[occurrences[position * 2]!]!;
      if (stem >= 0) entries[cursors[stem]!++] = occurrences[position * 2 + 1]!;
    }
  }
  return { offsets, entries, documentCounts, nameDocumentCounts };
}

/** A mark no document gets. */
const UNMARKED = -0x80000000;
