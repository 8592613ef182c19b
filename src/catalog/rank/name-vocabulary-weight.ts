/** Share of a word's tools that must have it in their name for the word to count fully. */
const FULL_WEIGHT_NAME_SHARE = 1 / 3;

/**
 * The factor a query word's score is multiplied by, from how the catalog uses the word: 1 when at
 * least a third of the tools containing it have it in their name, `descriptionOnlyWeight` when none
 * does, linear in between. Words of tool names say what tools do; a word that only descriptions use is
 * more often incidental to a long request. `descriptionOnlyWeight` 1 (or a word in no tool) gives 1.
 */
export function nameVocabularyWeight(nameDocuments: number, documents: number, descriptionOnlyWeight: number): number {
  if (descriptionOnlyWeight >= 1 || documents <= 0) return 1;
  const share = Math.min(1, nameDocuments / documents / FULL_WEIGHT_NAME_SHARE);
  return descriptionOnlyWeight + (1 - descriptionOnlyWeight) * share;
}
