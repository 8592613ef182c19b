/**
 * Argument values in a request, read for what they are rather than for their words: a URL is a web
 * page to work on ("https://docs.tinyqueue.dev/config" is not about docs or config tools), so it
 * becomes the word `url`; a file path is a file, so `file` joins its words ("save it to
 * reports/mau-2024.md" asks for a tool that writes files; ".circleci/config.yml" still names CircleCI's
 * config). Likewise a chat channel ("#incident-response" is not about incidents), a glob and a folder.
 * Chosen on the tuning sets (docs/search-quality.md): a URL's own words, or its site's name, scored no
 * better than none, nor did a channel's name.
 */
const URL_VALUE = /^(?:https?:\/\/|www\.)\S+$|^(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|sh|ai|co)(?:\/\S*)?$/i;

/**
 * A path with a folder and an extension (`~/notes/a.txt`, `k8s/app.yaml`), or a bare file name with
 * an extension of documents and data; not `.js` or `.ts` alone, which name products ("next.js").
 */
const PATH_VALUE =
  /^(?:~|\.{1,2})?\/?(?:[\w.-]+\/)+[\w.-]*\.[a-z0-9]{1,5}$|^[\w-]+\.(?:txt|md|csv|tsv|json|ya?ml|toml|xml|html?|pdf|docx?|xlsx?|pptx?|png|jpe?g|gif|svg|log|sql|zip|gz|tar)$/i;

/** A chat channel as people write it: `#deploys`, `#incident-response` (not `#45`, an issue number). */
const CHANNEL_VALUE = /^#[a-z][\w-]*$/i;

/** A glob of files: `*.test.ts`, `src/**\/*.go`. */
const GLOB_VALUE = /^[\w.\/~-]*\*[\w.*\/~-]*$/;

/**
 * A folder: a path from home or from here (`~/Downloads`, `./build`) with no file extension. Not
 * `/api/cart`, as often a route, nor `acme/web`, as often a repository, nor `frontend/`: "package.json
 * in frontend/ and backend/" asks for files (a trailing slash read as a folder cost that request on
 * the tuning sets).
 */
const FOLDER_VALUE = /^(?:~|\.{1,2})\/[\w.\/-]*$/;

/** A word with the punctuation around it: opening marks, the value, closing marks. */
const AROUND_VALUE = /^([(<["']*)(.*?)([)>\]"',.;:!?]*)$/;

/**
 * No value is looked for in a word longer than this: URLs and paths people write are shorter, and the
 * patterns' work grows with the square of a word's length (a request is at most 20,000 characters).
 */
const MAXIMUM_VALUE_LENGTH = 400;

/**
 * `query` with each URL replaced by `url` and each chat channel (`#deploys`) by `channel`, `file` put
 * before each file path, `files matching pattern` before each glob and `directory` before each folder.
 */
export function readArgumentValues(query: string): string {
  return query.replace(/\S+/g, (word) => (word.length > MAXIMUM_VALUE_LENGTH ? word : readValue(word)));
}

function readValue(word: string): string {
  const [, before = '', value = '', after = ''] = AROUND_VALUE.exec(word) ?? [];
  if (URL_VALUE.test(value)) return `${before}url${after}`;
  if (CHANNEL_VALUE.test(value)) return `${before}channel${after}`;
  if (GLOB_VALUE.test(value)) return `${before}files matching pattern ${value}${after}`;
  if (PATH_VALUE.test(value)) return `${before}file ${value}${after}`;
  if (FOLDER_VALUE.test(value)) return `${before}directory ${value}${after}`;
  return word;
}
