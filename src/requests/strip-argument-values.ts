/**
 * Argument values taken out of a request before it is kept (learning from use): what the request asked
 * for stays, what it was asked about goes. "open /home/ana/q3.pdf and mail it to ana@example.com"
 * becomes "open and mail it to". Every pattern is linear (no nested quantifiers), so no text can make
 * them backtrack.
 */

/** Quoted text: "...", “...”, `...`, and '...' opening after a space (not an apostrophe in "don't"). */
const QUOTED = [
  /"[^"\n]{0,500}"/g,
  /“[^”\n]{0,500}”/g,
  /‘[^’\n]{0,500}’/g,
  /`[^`\n]{0,500}`/g,
  /(^|[\s(])'[^'\n]{0,500}'(?=$|[\s).,;:!?])/g,
];
const URL_LIKE = /\b(?:[a-z][a-z0-9+.-]{1,20}:\/\/|www\.)\S+/gi;
const EMAIL = /[^\s@<>()"']+@[^\s@<>()"']+\.[^\s@<>()"']+/g;
/** File extensions that make `name.ext` a file name rather than a word ("e.g." stays). */
const FILE_EXTENSIONS = new Set(
  'txt md pdf json jsonl csv tsv xml yaml yml toml ini cfg conf log html htm css mjs cjs tsx jsx py rb go rs java kt c h cpp hpp cs php sh bash zsh sql db sqlite png jpg jpeg gif svg webp bmp ico mp3 mp4 wav mov avi mkv zip tar gz tgz bz2 xz 7z rar doc docx xls xlsx ppt pptx odt ods epub ipynb lock env'.split(
    ' ',
  ),
);
/** A hexadecimal id or UUID (a commit, a request id): 7 or more hex digits and dashes, at least one digit. */
const HEX_ID = /^(?=[0-9a-f-]*\d)[0-9a-f][0-9a-f-]{6,}$/i;

/** The request with quoted strings, URLs, e-mail addresses, file paths and numbers removed; spacing tidied. */
export function stripArgumentValues(text: string): string {
  let stripped = text;
  for (const pattern of QUOTED)
    stripped = stripped.replace(pattern, (_match, before: unknown) => (typeof before === 'string' ? `${before} ` : ' '));
  stripped = stripped.replace(URL_LIKE, ' ').replace(EMAIL, ' ');
  const kept = stripped.split(/\s+/).filter((token) => token !== '' && !isArgumentValue(token));
  return kept.join(' ').trim();
}

/** Whether one whitespace-separated token is a value: a path, a file name, a number, an id, or bare punctuation. */
function isArgumentValue(token: string): boolean {
  const core = token.replace(/^[([{<"'“‘]+/, '').replace(/[)\]}>"'”’.,;:!?]+$/, '');
  if (!/[\p{L}\p{N}]/u.test(core)) return true;
  // What a redactor put in a secret's place: `ghp_***`, `${env:TOKEN}`, `<mcp_servers.x.env.KEY>`.
  if (/\*\*\*|^\$\{|^<.*>$/.test(token)) return true;
  if (isPath(core)) return true;
  if (HEX_ID.test(core)) return true;
  const digits = core.replace(/\D/g, '').length;
  const letters = core.replace(/[^\p{L}]/gu, '').length;
  return digits > 0 && digits > letters;
}

function isPath(token: string): boolean {
  if (/^(?:~|\.{1,2}[\\/]|[\\/]|[a-z]:\\)/i.test(token)) return true;
  const separators = (token.match(/[\\/]/g) ?? []).length;
  if (separators >= 2) return true;
  const extension = /\.([a-z0-9]{1,5})$/i.exec(token)?.[1];
  return extension !== undefined && token.length > extension.length + 1 && FILE_EXTENSIONS.has(extension.toLowerCase());
}
