/**
 * Reduces an English word to its stem with the Porter (1980) algorithm, so that "creates", "created",
 * "creating" and "creation" meet at "creat". Expects a lower-case ASCII word; words of two letters or
 * fewer, and anything with a digit, come back unchanged.
 */
export function stemWord(word: string): string {
  if (word.length <= 2 || /[^a-z]/.test(word)) return word;
  let stem = step1a(word);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = step3(stem);
  stem = step4(stem);
  stem = step5(stem);
  return stem;
}

function isConsonant(word: string, index: number): boolean {
  const character = word[index];
  if (character === 'a' || character === 'e' || character === 'i' || character === 'o' || character === 'u') return false;
  if (character === 'y') return index === 0 || !isConsonant(word, index - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences in `stem`. */
function measure(stem: string): number {
  let count = 0;
  let index = 0;
  const length = stem.length;
  while (index < length && isConsonant(stem, index)) index++;
  while (index < length) {
    while (index < length && !isConsonant(stem, index)) index++;
    if (index >= length) break;
    while (index < length && isConsonant(stem, index)) index++;
    count++;
  }
  return count;
}

function hasVowel(stem: string): boolean {
  for (let index = 0; index < stem.length; index++) if (!isConsonant(stem, index)) return true;
  return false;
}

function endsWithDoubleConsonant(stem: string): boolean {
  const length = stem.length;
  return length >= 2 && stem[length - 1] === stem[length - 2] && isConsonant(stem, length - 1);
}

/** Consonant-vowel-consonant at the end, the last not w, x or y (hop, not hoop or snow). */
function endsWithShortSyllable(stem: string): boolean {
  const length = stem.length;
  if (length < 3) return false;
  const last = stem[length - 1]!;
  return (
    isConsonant(stem, length - 3) &&
    !isConsonant(stem, length - 2) &&
    isConsonant(stem, length - 1) &&
    last !== 'w' &&
    last !== 'x' &&
    last !== 'y'
  );
}

function step1a(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return word.slice(0, -2);
  if (word.endsWith('ss')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function step1b(word: string): string {
  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  let stem: string | undefined;
  if (word.endsWith('ed') && hasVowel(word.slice(0, -2))) stem = word.slice(0, -2);
  else if (word.endsWith('ing') && hasVowel(word.slice(0, -3))) stem = word.slice(0, -3);
  if (stem === undefined) return word;
  if (stem.endsWith('at') || stem.endsWith('bl') || stem.endsWith('iz')) return `${stem}e`;
  if (endsWithDoubleConsonant(stem)) {
    const last = stem[stem.length - 1];
    return last === 'l' || last === 's' || last === 'z' ? stem : stem.slice(0, -1);
  }
  if (measure(stem) === 1 && endsWithShortSyllable(stem)) return `${stem}e`;
  return stem;
}

function step1c(word: string): string {
  if (word.endsWith('y') && hasVowel(word.slice(0, -1))) return `${word.slice(0, -1)}i`;
  return word;
}

const STEP2_SUFFIXES: readonly (readonly [string, string])[] = [
  ['ational', 'ate'],
  ['tional', 'tion'],
  ['enci', 'ence'],
  ['anci', 'ance'],
  ['izer', 'ize'],
  ['bli', 'ble'],
  ['alli', 'al'],
  ['entli', 'ent'],
  ['eli', 'e'],
  ['ousli', 'ous'],
  ['ization', 'ize'],
  ['ation', 'ate'],
  ['ator', 'ate'],
  ['alism', 'al'],
  ['iveness', 'ive'],
  ['fulness', 'ful'],
  ['ousness', 'ous'],
  ['aliti', 'al'],
  ['iviti', 'ive'],
  ['biliti', 'ble'],
  ['logi', 'log'],
];

const STEP3_SUFFIXES: readonly (readonly [string, string])[] = [
  ['icate', 'ic'],
  ['ative', ''],
  ['alize', 'al'],
  ['iciti', 'ic'],
  ['ical', 'ic'],
  ['ful', ''],
  ['ness', ''],
];

const STEP4_SUFFIXES: readonly string[] = [
  'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti',
  'ous', 'ive', 'ize',
];

/** Replaces the first matching suffix when the stem before it has m > 0. */
function replaceSuffix(word: string, table: readonly (readonly [string, string])[]): string {
  for (const [suffix, replacement] of table) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    return measure(stem) > 0 ? stem + replacement : word;
  }
  return word;
}

function step2(word: string): string {
  return replaceSuffix(word, STEP2_SUFFIXES);
}

function step3(word: string): string {
  return replaceSuffix(word, STEP3_SUFFIXES);
}

function step4(word: string): string {
  // Longest suffix first: "ement" before "ment" before "ent".
  let match: string | undefined;
  for (const suffix of STEP4_SUFFIXES) {
    if (word.endsWith(suffix) && (match === undefined || suffix.length > match.length)) match = suffix;
  }
  if (match === undefined) return word;
  const stem = word.slice(0, -match.length);
  if (measure(stem) <= 1) return word;
  if (match === 'ion' && !(stem.endsWith('s') || stem.endsWith('t'))) return word;
  return stem;
}

function step5(word: string): string {
  let stem = word;
  if (stem.endsWith('e')) {
    const before = stem.slice(0, -1);
    const m = measure(before);
    if (m > 1 || (m === 1 && !endsWithShortSyllable(before))) stem = before;
  }
  if (stem.endsWith('ll') && measure(stem) > 1) stem = stem.slice(0, -1);
  return stem;
}
