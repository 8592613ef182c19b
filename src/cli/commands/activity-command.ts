import { createReadStream, openSync, closeSync, fstatSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createActivitySummary, type ActivityReport, type QueryCount } from '../../gateway/activity-report/summarize-activity.ts';
import type { Command } from '../command.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { UsageError } from '../usage-error.ts';
import { countOf, formatCount } from '../../text/count-of.ts';

const USAGE = `Usage: tool-search activity FILE.jsonl [--json]

Summarises a gateway's activity log (activity_log in the gateway config): searches that found nothing
or were never followed by a call of one of their results, the most called tools, refusals, latency
per server (p50 / p99 of calls that reached the tool), and the schema tokens Tool Search saved.
  --json            one JSON object instead of the text report
Lines that are not activity-log entries are skipped and counted.
`;

/** How much of a query or message a text row shows. */
const SHOWN_TEXT = 80;

export const activityCommand: Command = {
  name: 'activity',
  usage: USAGE,
  async run(argv, output) {
    const { values, positionals } = parseCommandLine('activity', argv, { json: { type: 'boolean' } });
    if (positionals.length !== 1)
      throw new UsageError(`expected one activity log file (FILE.jsonl), got ${positionals.length}; see 'tool-search activity --help'`);
    const path = positionals[0]!;
    checkReadable(path);
    const summary = createActivitySummary();
    const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
    for await (const line of lines) summary.add(line);
    const report = summary.report();
    output.stdout(values['json'] === true ? `${JSON.stringify(report)}\n` : renderReport(report));
    return 0;
  },
};

/** Opens the file once so that a missing or unreadable one is a one-line usage error, not a stream error. */
function checkReadable(path: string): void {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(path, 'r');
    if (fstatSync(descriptor).isDirectory()) throw new UsageError(`activity log '${path}' is a directory, not a file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`activity log '${path}' does not exist`);
    if (code === 'EISDIR') throw new UsageError(`activity log '${path}' is a directory, not a file`);
    if (code === 'EACCES') throw new UsageError(`activity log '${path}' cannot be read (permission denied)`);
    throw new UsageError(`activity log '${path}' cannot be read (${code ?? 'error'})`);
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** The text report. Pure. */
export function renderReport(report: ActivityReport): string {
  const { counts } = report;
  const period = report.from === undefined ? 'an empty log' : `${report.from} to ${report.to}`;
  const skipped = report.invalidLines === 0 ? '' : `; ${formatCount(report.invalidLines)} skipped: not activity-log entries`;
  const sections = [
    `Activity from ${period}: ${countOf(report.sessions, 'session')}, ${countOf(counts.searches, 'search', 'searches')}, ${countOf(counts.describes, 'describe')}, ${countOf(counts.calls, 'call')}, ${countOf(counts.refusals, 'refusal')} (${countOf(report.lines, 'line')}${skipped})`,
    tokensLine(report),
    section('Searches that found nothing', report.foundNothing.map(queryRow)),
    section('Searches never followed by a call of one of their results', report.neverFollowed.map(queryRow)),
    section(
      'Most called tools (calls, of which failed)',
      report.mostCalled.map((row) => `${pad(row.calls)}  ${pad(row.failed)}  ${row.tool} (${row.server})`),
    ),
    section(
      'Refusals (count, why, tool: message)',
      report.refusals.map((row) => `${pad(row.count)}  ${row.outcome}  ${row.tool || '-'}: ${clip(row.example)}`),
    ),
    section(
      'Latency per server (calls that reached the tool: count, p50, p99)',
      report.latency.map((row) => `${pad(row.calls)}  ${`${row.p50Ms} ms`.padStart(9)}  ${`${row.p99Ms} ms`.padStart(9)}  ${row.server}`),
    ),
  ];
  return `${sections.join('\n\n')}\n`;
}

function tokensLine(report: ActivityReport): string {
  const { tokens } = report;
  if (tokens.sessions === 0)
    return 'Tokens saved: unknown (the log has no tool lists: it was written by an older gateway, or no client listed tools)';
  const less = tokens.lastBefore === 0 ? 0 : Math.round((1 - tokens.lastAfter / tokens.lastBefore) * 100);
  return (
    `Tokens saved: each model request carried ${formatCount(tokens.lastAfter)} schema tokens instead of ${formatCount(tokens.lastBefore)} (${less}% less, last tool list); ` +
    `at least ${formatCount(tokens.atLeast)} tokens over ${countOf(tokens.sessions, 'session')} (one request per logged search, describe, call or refusal)`
  );
}

function section(title: string, rows: readonly string[]): string {
  return `${title}:\n${rows.length === 0 ? '  none' : rows.map((row) => `  ${row}`).join('\n')}`;
}

function queryRow(row: QueryCount): string {
  return `${pad(row.count)}  ${clip(row.query)}`;
}

function pad(count: number): string {
  return formatCount(count).padStart(5);
}

/** One line of at most SHOWN_TEXT characters: control characters from the log cannot reach the terminal. */
function clip(text: string): string {
  const oneLine = text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
  return oneLine.length <= SHOWN_TEXT ? oneLine : `${oneLine.slice(0, SHOWN_TEXT)}…`;
}
