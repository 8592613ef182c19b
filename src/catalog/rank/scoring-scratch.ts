/**
 * Per-document arrays one scoring fills and reads, kept per catalog size and cleared after each use by
 * the documents it wrote: allocating and filling them for every query and every clause of a long
 * request cost more than the scoring at 10,000 tools, and a catalog changed between steps is a new
 * index of the same size. Scoring is synchronous and leaves them untouched, so one set per size
 * suffices, whichever index uses it.
 */
export interface ScoringScratch {
  /** The product of the name-coverage and coordination factors applied to a document's BM25F (1 when untouched). */
  readonly multipliers: Float64Array;
  /** The summed weights of the user's words a document matches (by the word or a synonym), for coordination. */
  readonly matchedConcepts: Float64Array;
  readonly nameMatches: Float64Array;
  /** The last concept counted for a document (-1 when untouched). */
  readonly lastConcept: Int32Array;
  /** The user's words a document matches, as a bit mask (words 0 to 31), for the parameter field. */
  readonly conceptMasks: Uint32Array;
  /** Puts the given documents' slots back to their untouched values. */
  clear(documents: readonly number[]): void;
}

const scratchBySize = new Map<number, ScoringScratch>();

/** Sizes whose scratch is kept (most recently made last): a few catalogs searched in turns. */
const KEPT_SCRATCH_SIZES = 4;

/** The scratch of catalogs of `documentCount` tools, made when no kept one has that size. */
export function scratchOf(documentCount: number): ScoringScratch {
  let scratch = scratchBySize.get(documentCount);
  if (scratch !== undefined) return scratch;
  const multipliers = new Float64Array(documentCount).fill(1);
  const matchedConcepts = new Float64Array(documentCount);
  const nameMatches = new Float64Array(documentCount);
  const lastConcept = new Int32Array(documentCount).fill(-1);
  const conceptMasks = new Uint32Array(documentCount);
  scratch = {
    multipliers,
    matchedConcepts,
    nameMatches,
    lastConcept,
    conceptMasks,
    clear(documents) {
      for (const document of documents) {
        multipliers[document] = 1;
        matchedConcepts[document] = 0;
        nameMatches[document] = 0;
        lastConcept[document] = -1;
        conceptMasks[document] = 0;
      }
    },
  };
  if (scratchBySize.size >= KEPT_SCRATCH_SIZES) scratchBySize.delete(scratchBySize.keys().next().value!);
  scratchBySize.set(documentCount, scratch);
  return scratch;
}
