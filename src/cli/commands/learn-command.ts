import { statSync } from 'node:fs';
import { join } from 'node:path';
import { createRedactor } from '../../gateway/redact-secrets.ts';
import { createToolPolicy } from '../../gateway/tool-policy.ts';
import { learnFromActivityLog } from '../../gateway/learn-from-activity-log.ts';
import { openLearnedRequestFile } from '../../request-pack/learned-request-file.ts';
import { defaultStateDirectory, LEARNED_REQUESTS_FILE } from '../../request-pack/state-folders.ts';
import { countOf, formatCount } from '../../text/count-of.ts';
import type { Command } from '../command.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { readTextFile } from '../read-input-files.ts';
import { UsageError } from '../usage-error.ts';
import { loadGatewayConfig } from './serve-command.ts';

const USAGE = `Usage: tool-search learn ACTIVITY.jsonl [--config FILE]
       tool-search learn --show [--json]
       tool-search learn --forget

Requests learned from use: a tool_search followed, in the same session, by a successful call of one
of its results makes the search's query a request of that tool (argument values stripped, secrets
redacted). 'serve' learns live with search.learn: true in its config; this command manages what is kept.
  ACTIVITY.jsonl    import a gateway's activity log (activity_log in its config): its search and
                    call lines, as the gateway would have learned from them
  --config FILE     the gateway config the log is from: its servers' keys (so that the gateway finds
                    the requests however the server is named), its policy (a denied tool learns
                    nothing) and its secrets (redacted)
  --show            print what is kept: requests per server and tool
  --json            with --show: one JSON object
  --forget          delete everything learned (stop running gateways first: they keep what they know)
Kept in $TOOL_SEARCH_STATE_DIR/${LEARNED_REQUESTS_FILE} (default $XDG_STATE_HOME/tool-search, else
~/.local/state/tool-search), mode 600, at most 20 requests per tool and 10,000 in all.
`;

export const learnCommand: Command = {
  name: 'learn',
  usage: USAGE,
  async run(argv, output) {
    const { values, positionals } = parseCommandLine('learn', argv, {
      config: { type: 'string' },
      show: { type: 'boolean' },
      forget: { type: 'boolean' },
      json: { type: 'boolean' },
    });
    const path = join(defaultStateDirectory(), LEARNED_REQUESTS_FILE);
    const modes = [values['show'] === true, values['forget'] === true, positionals.length > 0].filter(Boolean).length;
    if (modes !== 1)
      throw new UsageError("give an activity log to import, or --show, or --forget (one of them); see 'tool-search learn --help'");
    if (positionals.length > 1) throw new UsageError(`expected one activity log file, got ${positionals.length}`);
    if (values['json'] === true && values['show'] !== true) throw new UsageError('--json goes with --show');
    const warn = (line: string): void => output.stderr(`warning: ${line}\n`);

    if (values['forget'] === true) {
      const store = openLearnedRequestFile(path, { onWarning: warn });
      const count = store.entries().length;
      store.clear();
      output.stdout(`Forgot ${countOf(count, 'learned request')} (${path}).\n`);
      return 0;
    }
    if (values['show'] === true) {
      const entries = openLearnedRequestFile(path, { onWarning: warn }).entries();
      const perTool = new Map<string, { server: string; tool: string; count: number }>();
      for (const entry of entries) {
        const key = `${entry.server}\u0000${entry.tool}`;
        const known = perTool.get(key) ?? { server: entry.server, tool: entry.tool, count: 0 };
        perTool.set(key, { ...known, count: known.count + 1 });
      }
      const bytes = fileSize(path);
      if (values['json'] === true) {
        output.stdout(`${JSON.stringify({ path, bytes, requests: entries.length, tools: [...perTool.values()] })}\n`);
        return 0;
      }
      if (entries.length === 0) {
        output.stdout(`Nothing learned yet (${path}).\n`);
        return 0;
      }
      const rows = [...perTool.values()];
      const width = Math.max(...rows.map((row) => `${row.server} ${row.tool}`.length));
      output.stdout(
        `${countOf(entries.length, 'learned request')} for ${countOf(rows.length, 'tool')} in ${path} (${formatCount(bytes)} bytes):\n`,
      );
      for (const row of rows) output.stdout(`  ${`${row.server} ${row.tool}`.padEnd(width)}  ${row.count}\n`);
      return 0;
    }

    const logPath = positionals[0]!;
    const text = readTextFile(logPath, 'activity log');
    const loaded = typeof values['config'] === 'string' ? loadGatewayConfig(values['config'], output) : undefined;
    try {
      const config = loaded?.config;
      const store = openLearnedRequestFile(path, { onWarning: warn });
      const imported = await learnFromActivityLog(text.split(/\r?\n/), store, {
        ...(config === undefined ? {} : { servers: config.servers, policy: createToolPolicy(config) }),
        redact: createRedactor(config?.secrets ?? []),
      });
      const skipped = imported.skippedLines === 0 ? '' : `; ${countOf(imported.skippedLines, 'line')} skipped: not activity-log entries`;
      output.stdout(
        `Read ${countOf(imported.searches, 'search', 'searches')} and ${countOf(imported.successfulCalls, 'successful call')} from ${logPath}${skipped}.\n` +
          `Learned ${countOf(imported.learned, 'request')} for ${countOf(imported.tools, 'tool')}; kept in ${path}.\n`,
      );
      return 0;
    } finally {
      loaded?.temporaryFolder.remove();
    }
  },
};

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
