/**
 * Writes bench/data/ from the public data sets as published upstream: keeps exactly the files and
 * fields the search bench reads and gzips the large ones, so that the repository stays small and
 * `npm run bench` runs from any clone. Each set's SOURCE.md (hand-written, not touched here) says where
 * it comes from, its licence and what this script kept. Run once when a data set is updated:
 *
 *     npx tsx scripts/pack-bench-data.ts <folder with seal-tools/, bfcl/, metatool/, livemcpbench/, mcp-schemas/>
 *
 * The folder holds the upstream files unchanged, laid out as each SOURCE.md's "Upstream" line says.
 * Output is deterministic: the same input and Node version give byte-identical files.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseCsv } from '../bench/search/parse-csv.ts';

const OUTPUT = join(import.meta.dirname, '..', 'bench', 'data');

/** MetaTool: every tenth query of all_clean_data.csv; the reported split takes row 0 of each ten, the tuning split row 5. */
const METATOOL_QUERY_STRIDE = 10;
const METATOOL_OFFSETS = { 'held-out': 0, tuning: 5 } as const;

/** mcp-schemas servers left out: a superset capture of `playwright` (same package, every capability on). */
const SKIPPED_SERVERS: ReadonlySet<string> = new Set(['playwright-all-caps']);

type Json = Record<string, unknown>;

const source = process.argv[2];
if (source === undefined || !existsSync(source)) {
  process.stderr.write('Usage: npx tsx scripts/pack-bench-data.ts <folder of the upstream data sets>\n');
  process.exit(2);
}

packSealTools(join(source, 'seal-tools'), join(OUTPUT, 'seal-tools'));
packBfcl(join(source, 'bfcl'), join(OUTPUT, 'bfcl'));
packMetaTool(join(source, 'metatool'), join(OUTPUT, 'metatool'));
packLiveMcpBench(join(source, 'livemcpbench'), join(OUTPUT, 'livemcpbench'));
packMcpSchemas(join(source, 'mcp-schemas'), join(OUTPUT, 'mcp-schemas'));

/** tool.jsonl without `field` and `responses`, parameters cut to type and description; queries cut to id, query, called api names. */
function packSealTools(from: string, to: string): void {
  const tools = readJsonLines(join(from, 'tool.jsonl')).map((tool) => ({
    api_name: tool.api_name,
    api_description: tool.api_description,
    parameters: mapValues((tool.parameters ?? {}) as Record<string, Json>, (parameter) => ({
      type: parameter.type,
      description: parameter.description,
    })),
    required: tool.required,
  }));
  writeGzip(join(to, 'tool.jsonl.gz'), jsonLines(tools));
  for (const split of ['dev', 'test_in_domain']) {
    const queries = readJsonLines(join(from, `${split}.jsonl`)).map((line) => ({
      id: line.id,
      query: line.query,
      calling: (line.calling as Json[]).map((call) => ({ api: call.api })),
    }));
    writeGzip(join(to, `${split}.jsonl.gz`), jsonLines(queries));
  }
}

/** Question files: the first turn's messages and the offered functions, unchanged; answers: the called function names only. */
function packBfcl(from: string, to: string): void {
  for (const file of readdirSync(from).filter((name) => name.startsWith('BFCL_v4_') && name.endsWith('.json'))) {
    const questions = readJsonLines(join(from, file)).map((question) => ({
      id: question.id,
      question: [((question.question as Json[][])[0] ?? []).map((message) => ({ role: message.role, content: message.content }))],
      function: (question.function as Json[]).map((entry) => ({
        name: entry.name,
        description: entry.description,
        parameters: entry.parameters,
      })),
    }));
    writeGzip(join(to, `${file}.gz`), jsonLines(questions));
    const answerPath = join(from, 'possible_answer', file);
    if (!existsSync(answerPath)) continue;
    const answers = readJsonLines(answerPath).map((answer) => ({
      id: answer.id,
      ground_truth: (answer.ground_truth as Json[]).map((call) => mapValues(call, () => ({}))),
    }));
    writeGzip(join(to, 'possible_answer', `${file}.gz`), jsonLines(answers));
  }
}

/** The two description files unchanged; the two-tool queries gzipped; of the single-tool CSV only the rows either split reads. */
function packMetaTool(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const file of ['plugin_des.json', 'big_tool_des.json']) writeFileSync(join(to, file), readFileSync(join(from, file)));
  writeGzip(join(to, 'multi_tool_query_golden.json.gz'), readFileSync(join(from, 'multi_tool_query_golden.json'), 'utf8'));
  const [header, ...rows] = parseCsv(readFileSync(join(from, 'all_clean_data.csv'), 'utf8'));
  const queries = rows.filter((row) => row.length >= 2);
  for (const [split, offset] of Object.entries(METATOOL_OFFSETS)) {
    const kept = queries.filter((_, index) => index % METATOOL_QUERY_STRIDE === offset);
    writeGzip(join(to, `queries-${split}.csv.gz`), [header!, ...kept].map(csvLine).join('\r\n') + '\r\n');
  }
}

/** Each server's tool listings cut to name, description and inputSchema; each task cut to its id, question and tool list. */
function packLiveMcpBench(from: string, to: string): void {
  const servers = (JSON.parse(readFileSync(join(from, 'tools.json'), 'utf8')) as Json[]).map((server) => ({
    name: server.name,
    tools: mapValues(server.tools as Record<string, Json>, (listing) => ({ tools: (listing.tools as Json[]).map(pickTool) })),
  }));
  writeGzip(join(to, 'tools.json.gz'), JSON.stringify(servers));
  const tasks = (JSON.parse(readFileSync(join(from, 'all_annotations.json'), 'utf8')) as Json[]).map((task) => ({
    task_id: task.task_id,
    Question: task.Question,
    'Annotator Metadata': { Tools: (task['Annotator Metadata'] as Json).Tools },
  }));
  writeGzip(join(to, 'all_annotations.json.gz'), JSON.stringify(tasks));
}

/**
 * Every server folder (sorted by name) in one file, `{<server>: {source, license, tools}}`: a captured
 * server's tools.json, or GitHub's toolsnaps/*.snap in file-name order; tools cut to name, description, inputSchema.
 */
function packMcpSchemas(from: string, to: string): void {
  const servers: Record<string, unknown> = {};
  for (const server of readdirSync(from).sort()) {
    if (SKIPPED_SERVERS.has(server)) continue;
    const listing = join(from, server, 'tools.json');
    const snapshots = join(from, server, 'toolsnaps');
    if (existsSync(listing)) {
      const captured = JSON.parse(readFileSync(listing, 'utf8')) as Json;
      servers[server] = {
        source: `npm ${String(captured.npmPackage)}@${String(captured.npmVersion)}, tools/list captured offline`,
        license: captured.npmLicense,
        tools: (captured.tools as Json[]).map(pickTool),
      };
    } else if (existsSync(snapshots)) {
      const files = readdirSync(snapshots)
        .filter((file) => file.endsWith('.snap'))
        .sort();
      servers[server] = {
        source: 'github/github-mcp-server pkg/github/__toolsnaps__/*.snap, in file-name order',
        license: 'MIT',
        tools: files.map((file) => pickTool(JSON.parse(readFileSync(join(snapshots, file), 'utf8')) as Json)),
      };
    }
  }
  writeGzip(join(to, 'servers.json.gz'), JSON.stringify(servers));
}

function pickTool(tool: Json): Json {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema };
}

function mapValues<T, U>(record: Record<string, T>, map: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

function readJsonLines(path: string): Json[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Json);
}

function jsonLines(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join('\n') + '\n';
}

/** RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled. */
function csvLine(row: readonly string[]): string {
  return row.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}

/** Level 9; Node writes no file name or time into the gzip header, so the bytes depend on the text alone. */
function writeGzip(path: string, text: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, gzipSync(text, { level: 9 }));
  process.stderr.write(`wrote ${path}\n`);
}
