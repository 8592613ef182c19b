/**
 * A light English stemmer for index terms: folds plurals and -ing / -ed / -er / -ly / -ation / -ment
 * endings and a final e, so that "creates", "created", "creating", "create" and "creation" meet at
 * "creat". Cheaper than a full Porter stemmer (the whole catalog vocabulary is stemmed at every build)
 * and as good for tool retrieval on the tuning sets (docs/search-quality.md). Expects a lower-case ASCII
 * token; words of three letters or fewer, and tokens with a digit, come back unchanged.
 */
export function stemWord(word: string): string {
  const length = word.length;
  if (length <= 3) return word;
  const last = word.charCodeAt(length - 1);
  if (last < 97 || last > 122 || word.charCodeAt(0) < 97) return word;
  // Only words ending in d, e, g, n, r, s, t or y have anything to strip.
  if (!STRIPPABLE_ENDINGS.has(last) || KEPT_WHOLE.has(word)) return word;
  let stem = word;
  // Plurals and third person: ponies -> pony, boxes -> box, tools -> tool; not glass, status, analysis.
  if (last === LETTER_S) {
    if (stem.endsWith('ies') && stem.length > 4) stem = `${stem.slice(0, -3)}y`;
    else if (stem.endsWith('sses') || stem.endsWith('xes') || stem.endsWith('ches') || stem.endsWith('shes') || stem.endsWith('zes')) {
      stem = stem.slice(0, -2);
    } else if (!stem.endsWith('ss') && !stem.endsWith('us') && !stem.endsWith('is')) {
      stem = stem.slice(0, -1);
    }
  }
  stem = stripSuffix(stem);
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  if (stem.length > 3 && stem.endsWith('y')) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

const LETTER_S = 115;

/** Words whose stripped form is another common word: "news" is not "new" (as in "New York", "new issue"). */
const KEPT_WHOLE: ReadonlySet<string> = new Set(['news']);

const STRIPPABLE_ENDINGS: ReadonlySet<number> = new Set([...'degnrsty'].map((character) => character.charCodeAt(0)));

/** Suffixes removed when at least three letters stay, longest first. */
const SUFFIXES: readonly string[] = ['ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ers', 'er', 'ed', 'ly', 'ion'];

/** The suffixes by their last letter's code, in the order of SUFFIXES: one short list per word. */
const SUFFIXES_BY_LAST_LETTER: ReadonlyMap<number, readonly string[]> = new Map(
  [...new Set(SUFFIXES.map((suffix) => suffix.charCodeAt(suffix.length - 1)))].map((code) => [
    code,
    SUFFIXES.filter((suffix) => suffix.charCodeAt(suffix.length - 1) === code),
  ]),
);

function stripSuffix(word: string): string {
  const candidates = SUFFIXES_BY_LAST_LETTER.get(word.charCodeAt(word.length - 1));
  if (candidates === undefined) return word;
  for (const suffix of candidates) {
    if (!word.endsWith(suffix)) continue;
    // creation -> creat (as create -> creat), translation -> translat.
    let stem = suffix.startsWith('ation') ? word.slice(0, -suffix.length + 2) : word.slice(0, -suffix.length);
    if (stem.length < 3 || !hasVowel(stem)) return word;
    // running -> run, stopped -> stop; but not fall, pass, buzz.
    const length = stem.length;
    if (length > 3 && stem[length - 1] === stem[length - 2] && !'aeioulsz'.includes(stem[length - 1]!)) stem = stem.slice(0, -1);
    return stem;
  }
  return word;
}

function hasVowel(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === 'a' || character === 'e' || character === 'i' || character === 'o' || character === 'u' || character === 'y')
      return true;
  }
  return false;
}
