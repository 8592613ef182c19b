import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';

// docs/native-mode.md quotes what scripts/measure-native-tokens.ts prints (o200k tokens, characters / 4
// in brackets) for the bundled 358-tool session. A change to the search, the request pack or a tool
// shape moves those figures; this runs the script and holds both tables of the document to what it
// prints now, so the page cannot go stale unnoticed again.

const ROOT = resolve(import.meta.dirname, '..', '..');
const DOCUMENT = readFileSync(join(ROOT, 'docs', 'native-mode.md'), 'utf8');

/** The document's row label in "What each costs" -> the script's row label. */
const TOOLS_ARRAY_ROWS: Record<string, string> = {
  'no Tool Search: all 358 tools (Anthropic shape)': 'no Tool Search: every tool, Anthropic shape',
  'bridge mode, Anthropic': 'bridge, Anthropic tools array',
  'bridge mode, OpenAI Responses': 'bridge, Responses tools array',
  'native mode, Anthropic, as sent': 'native, Anthropic tools array as sent',
  'native mode, Anthropic, without the deferred tools (here: `tool_search` alone)': 'native, Anthropic: its tools without defer_loading',
  'native mode, Responses, as sent': 'native, Responses tools array as sent',
  "native mode, Responses, without the deferred functions (17 namespaces' names and descriptions + `tool_search`)":
    'native, Responses: its tools with deferred functions left out',
};
const QUERIES = ['create a github issue', 'take a screenshot of a web page', 'find documents in a mongodb collection'];
/** How many definitions the per-search table's header says a native search loads. */
const LOADED_PER_SEARCH = 5;

/** The cells of the Markdown table row whose first cell is `label`, after it; undefined when there is none. */
function rowCells(markdown: string, label: string): string[] | undefined {
  const line = markdown.split('\n').find((candidate) => candidate.startsWith(`| ${label} |`));
  return line
    ?.slice(`| ${label} |`.length)
    .split('|')
    .slice(0, -1)
    .map((cell) => cell.trim());
}

/** `136,591 (148,197)` and `136591 (148197)` alike: figures compared without thousands separators. */
const plain = (cell: string): string => cell.replace(/(\d),(?=\d{3})/g, '$1');

function runScript(): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join('scripts', 'measure-native-tokens.ts')],
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error !== null) reject(new Error(`scripts/measure-native-tokens.ts failed: ${stderr}`));
        else resolvePromise(stdout);
      },
    );
  });
}

describe('the figures of docs/native-mode.md', () => {
  let printed: string;
  before(async () => {
    printed = await runScript();
  });

  it('quote what scripts/measure-native-tokens.ts prints for each tools array', () => {
    for (const [label, scriptLabel] of Object.entries(TOOLS_ARRAY_ROWS)) {
      const quoted = rowCells(DOCUMENT, label);
      const measured = rowCells(printed, scriptLabel);
      assert.ok(quoted !== undefined, `docs/native-mode.md has a row '${label}'`);
      assert.ok(measured !== undefined, `the script prints a row '${scriptLabel}'`);
      assert.deepEqual(quoted.map(plain), measured, label);
    }
  });

  it('quote what it prints for each search', () => {
    for (const query of QUERIES) {
      const quoted = rowCells(DOCUMENT, query);
      const measured = rowCells(printed, query);
      assert.ok(quoted !== undefined && measured !== undefined, `both tables have a row for '${query}'`);
      // The script names how many definitions were loaded; the document says it once, in the header.
      assert.match(measured[3]!, new RegExp(` \\(${LOADED_PER_SEARCH} tools\\)$`), query);
      measured[3] = measured[3]!.replace(/ \(\d+ tools\)$/, '');
      assert.deepEqual(quoted.map(plain), measured, query);
    }
  });
});
