/**
 * Splits text into lower-cased ASCII word tokens, breaking identifiers apart the way tool names are
 * written: snake_case, kebab-case, dotted.names and camelCase / PascalCase (`getHTTPResponse` ->
 * get, http, response), and letters from digits.
 */
export function tokenize(text: string): string[] {
  const spaced = text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .replace(/([0-9])([a-zA-Z])/g, '$1 $2')
    .toLowerCase();
  return spaced.split(/[^a-z0-9]+/).filter((token) => token.length > 0);
}
