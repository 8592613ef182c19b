/**
 * Letters of other scripts drawn like ASCII letters or digits, by code point, with the ASCII they pass
 * for: the common homoglyphs of Cyrillic, Greek, Armenian, Cherokee, Lisu and IPA. Forms that Unicode
 * itself folds to ASCII (fullwidth `ａ`, mathematical `𝐚`, the Kelvin sign) are found by normalization
 * instead (see {@link asciiLookalikeOf}).
 */
const LOOKALIKES: ReadonlyMap<number, string> = new Map(
  [
    // Cyrillic
    ['а', 'a'], ['е', 'e'], ['к', 'k'], ['о', 'o'], ['р', 'p'], ['с', 'c'], ['у', 'y'], ['х', 'x'], ['ѕ', 's'], ['і', 'i'],
    ['ј', 'j'], ['һ', 'h'], ['ԁ', 'd'], ['ԛ', 'q'], ['ԝ', 'w'], ['ӏ', 'l'], ['ѵ', 'v'], ['ү', 'y'],
    ['А', 'A'], ['В', 'B'], ['Е', 'E'], ['К', 'K'], ['М', 'M'], ['Н', 'H'], ['О', 'O'], ['Р', 'P'], ['С', 'C'], ['Т', 'T'],
    ['Х', 'X'], ['У', 'Y'], ['Ѕ', 'S'], ['І', 'I'], ['Ј', 'J'], ['Ү', 'Y'], ['Ԛ', 'Q'], ['Ԝ', 'W'], ['Ӏ', 'I'], ['З', '3'],
    // Greek
    ['Α', 'A'], ['Β', 'B'], ['Ε', 'E'], ['Ζ', 'Z'], ['Η', 'H'], ['Ι', 'I'], ['Κ', 'K'], ['Μ', 'M'], ['Ν', 'N'], ['Ο', 'O'],
    ['Ρ', 'P'], ['Τ', 'T'], ['Υ', 'Y'], ['Χ', 'X'], ['Ϲ', 'C'], ['Ϳ', 'J'],
    ['ο', 'o'], ['α', 'a'], ['ν', 'v'], ['ι', 'i'], ['ρ', 'p'], ['υ', 'u'], ['ϲ', 'c'], ['ϳ', 'j'], ['κ', 'k'], ['χ', 'x'],
    // Armenian
    ['օ', 'o'], ['ս', 'u'], ['հ', 'h'], ['ո', 'n'], ['զ', 'q'], ['ց', 'g'], ['Օ', 'O'], ['Ս', 'U'],
    // Latin letters outside ASCII (IPA and others)
    ['ı', 'i'], ['ɑ', 'a'], ['ɡ', 'g'], ['ɩ', 'i'], ['ʏ', 'y'], ['ǀ', 'l'], ['ȷ', 'j'],
    // Cherokee
    ['Ꭰ', 'D'], ['Ꭱ', 'R'], ['Ꭲ', 'T'], ['Ꭹ', 'Y'], ['Ꭺ', 'A'], ['Ꭻ', 'J'], ['Ꭼ', 'E'], ['Ꮃ', 'W'], ['Ꮇ', 'M'], ['Ꮋ', 'H'],
    ['Ꮓ', 'Z'], ['Ꮪ', 'S'], ['Ꮮ', 'L'], ['Ꮯ', 'C'], ['Ꮲ', 'P'], ['Ꮶ', 'K'], ['Ᏼ', 'B'], ['Ꮩ', 'V'],
    // Lisu
    ['ꓐ', 'B'], ['ꓑ', 'P'], ['ꓒ', 'd'], ['ꓓ', 'D'], ['ꓔ', 'T'], ['ꓖ', 'G'], ['ꓗ', 'K'], ['ꓙ', 'J'], ['ꓚ', 'C'], ['ꓜ', 'Z'],
    ['ꓝ', 'F'], ['ꓟ', 'M'], ['ꓠ', 'N'], ['ꓡ', 'L'], ['ꓢ', 'S'], ['ꓣ', 'R'], ['ꓦ', 'V'], ['ꓧ', 'H'], ['ꓪ', 'W'], ['ꓫ', 'X'],
    ['ꓬ', 'Y'], ['ꓮ', 'A'], ['ꓰ', 'E'], ['ꓲ', 'I'], ['ꓳ', 'O'], ['ꓴ', 'U'],
  ].map(([letter, ascii]) => [letter!.codePointAt(0)!, ascii!]),
);

/**
 * The ASCII letters or digits a non-ASCII character passes for, or undefined when it passes for none:
 * a homoglyph of the table above, or a character whose compatibility normalization (NFKC) is ASCII
 * letters and digits only (`ａ` -> `a`, `𝐫` -> `r`, `ﬁ` -> `fi`, `Ⅰ` -> `I`). ASCII itself is not a lookalike.
 */
export function asciiLookalikeOf(codePoint: number): string | undefined {
  if (codePoint < 0x80) return undefined;
  const listed = LOOKALIKES.get(codePoint);
  if (listed !== undefined) return listed;
  const folded = String.fromCodePoint(codePoint).normalize('NFKC');
  return /^[A-Za-z0-9]+$/.test(folded) ? folded : undefined;
}
