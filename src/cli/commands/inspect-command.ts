import { clipEchoedName } from '../../bridge/clip-echoed-name.ts';
import type { AssemblyResult } from '../../assembly/assemble-tools.ts';
import { countSchemaTokens } from '../../assembly/estimate-tokens.ts';
import { createGateway } from '../../gateway/create-gateway.ts';
import type { UpstreamStatus } from '../../gateway/create-upstream.ts';
import type { ToolPolicyFlags } from '../../gateway/tool-policy.ts';
import type { Tool } from '../../tools/tool.ts';
import type { Command } from '../command.ts';
import { listOption, parseCommandLine } from '../parse-command-line.ts';
import { DEFAULT_GATEWAY_CONFIG_PATH, loadGatewayConfig } from './serve-command.ts';
import { describeTokenChange } from '../describe-token-change.ts';
import { countOf, formatCount } from '../../text/count-of.ts';
import { describeRequests, renderRequests } from '../describe-requests.ts';
import { checkLogWritable, type LogWriteCheck } from '../../gateway/check-log-writable.ts';
import { onStopSignal, signalExitCode } from '../stop-on-signals.ts';
import { describeCluster, renderCluster, type ClusterReport } from '../describe-cluster.ts';
import { ToolSearchError } from '../../errors/tool-search-error.ts';
import { UsageError } from '../usage-error.ts';

const USAGE = `Usage: tool-search inspect [--config FILE] [--toolsets a,b] [--json] [--workspace-folder DIR]

Connects to every MCP server in a gateway config (a progress line per server on stderr), then prints
each server's status, tool count and schema tokens, and what an MCP client of 'tool-search serve'
would see: whether Tool Search is active, and the tools and tokens before and after; then per server
the request pack entry it matched, and per tool how many requests from the pack, the model and learning.
  --config FILE     the gateway config (default: the shipped demo config, ${DEFAULT_GATEWAY_CONFIG_PATH})
  --toolsets a,b    as for serve: only these servers (mcp-<server> or <server>)
  --json            one JSON object instead of the table
  --workspace-folder DIR
                    as for serve: what \${workspaceFolder} in the config stands for
With a cluster block, also whether its Redis answers, the instances alive and the sessions open.
Exits 1 when a server (or the cluster's store) could not be reached or a line could not be written beside
the activity log, 0 otherwise.
`;

export const inspectCommand: Command = {
  name: 'inspect',
  usage: USAGE,
  async run(argv, output) {
    const { values } = parseCommandLine('inspect', argv, {
      config: { type: 'string' },
      toolsets: { type: 'string' },
      json: { type: 'boolean' },
      'workspace-folder': { type: 'string' },
    });
    const toolsets = listOption(values['toolsets']);
    const workspaceFolder = typeof values['workspace-folder'] === 'string' ? values['workspace-folder'] : undefined;
    const loaded = loadGatewayConfig(typeof values['config'] === 'string' ? values['config'] : undefined, output, workspaceFolder);
    const { config } = loaded;
    const startedAt = Date.now();
    const gateway = (() => {
      try {
        // The gateway's warnings (a --toolsets name that matches no server, ...) as serve logs them; its
        // other lines (each server's stderr) stay out of the report, which gives each failure's reason.
        const log = (line: string): void => {
          if (line.startsWith('warning: ')) output.stderr(`${line}\n`);
        };
        return createGateway({ config, log, ...(toolsets === undefined ? {} : { toolsets }) });
      } catch (error) {
        loaded.temporaryFolder.remove();
        throw error;
      }
    })();
    // Ctrl-C (or a kill) while servers start: they run in process groups of their own, which the signal
    // does not reach, so they are stopped before the process ends.
    const removeSignalHandlers = onStopSignal((signal) => {
      output.stderr(`tool-search inspect: ${signal}: stopping the servers\n`);
      void gateway.close().finally(() => {
        loaded.temporaryFolder.remove();
        process.exit(signalExitCode(signal));
      });
    });
    try {
      output.stderr(`Connecting to ${countOf(config.servers.length, 'MCP server')} from ${loaded.path}\n`);
      gateway.start();
      const width = Math.max(6, ...config.servers.map((server) => server.name.length));
      await Promise.all(
        gateway.firstAttempts().map(async (attempt) => {
          const status = await attempt;
          const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
          output.stderr(`  ${status.name.padEnd(width)}  ${gateway.redact(progressText(status))} (${seconds} s)\n`);
        }),
      );
      // A status's error may quote the server's stderr: the operator's to see, less any secret.
      const statuses = gateway
        .statuses()
        .map((status) => (status.error === undefined ? status : { ...status, error: gateway.redact(status.error) }));
      const tools = gateway.tools();
      const assembled = gateway.createSession('inspect').assemble();
      const perServer = statuses.map((status) => {
        const own = tools.filter((tool) => tool.toolset === `mcp-${status.name}`);
        return { ...status, tokens: countSchemaTokens(own) };
      });
      const failed = statuses.filter((status) => status.state !== 'connected');
      const policyRows = tools.flatMap((tool) => {
        const flags = gateway.policy.flags(tool);
        return Object.keys(flags).length === 0 ? [] : [{ tool, flags }];
      });
      const policyWarnings = [...assembled.warnings, ...gateway.policyWarnings()];
      const requests = describeRequests(gateway);
      // inspect writes no activity: a test write beside the log says whether serve's lines would land.
      const logPath = gateway.activityLogStatus()?.path;
      const logCheck = logPath === undefined ? undefined : checkLogWritable(logPath);
      const sources = { pack: config.search.pack, learn: config.search.learn, expand: config.search.expand !== undefined };
      let cluster: ClusterReport | undefined;
      if (config.cluster !== undefined) {
        try {
          cluster = await describeCluster(config.cluster, config.http.maxSessions);
        } catch (error) {
          if (error instanceof ToolSearchError) throw new UsageError(error.message);
          throw error;
        }
      }
      if (values['json'] === true) {
        output.stdout(
          `${JSON.stringify({
            servers: perServer.map((server) => ({
              name: server.name,
              status: server.state,
              tools: server.toolCount,
              tokens: server.tokens,
              ...(server.error === undefined ? {} : { error: server.error }),
            })),
            client: {
              active: assembled.active,
              reason: assembled.reason,
              toolsBefore: assembled.visible.length + assembled.deferred.length,
              toolsAfter: assembled.tools.length,
              tokensBefore: assembled.tokensBefore,
              tokensAfter: assembled.tokensAfter,
              tools: assembled.tools.map((tool) => tool.name),
            },
            renames: gateway.renames().map((rename) => ({ ...rename, tool: clipEchoedName(rename.tool) })),
            policy: policyRows.map(({ tool, flags }) => ({
              tool: tool.name,
              server: tool.toolset.replace(/^mcp-/, ''),
              ...(flags.deniedBy === undefined ? {} : { denied: flags.deniedBy }),
              ...(flags.approvalBy === undefined ? {} : { needs_approval: flags.approvalBy }),
              ...(flags.pinnedBy === undefined ? {} : { pinned: flags.pinnedBy }),
            })),
            warnings: policyWarnings,
            requests: { ...sources, servers: requests },
            ...(logPath === undefined || logCheck === undefined ? {} : { activity_log: activityLogJson(logPath, logCheck) }),
            ...(cluster === undefined ? {} : { cluster }),
          })}\n`,
        );
      } else {
        output.stdout(renderTable(perServer));
        const denied = policyRows.filter(({ flags }) => flags.deniedBy !== undefined).length;
        output.stdout(renderClientView(assembled, denied, config.toolSearch.enabled, config.contextLength, config.toolSearch.thresholdPct));
        for (const rename of gateway.renames()) {
          output.stdout(`Renamed (${rename.reason}): ${rename.server}/${clipEchoedName(rename.tool)} -> ${rename.name}\n`);
        }
        output.stdout(renderPolicy(policyRows));
        output.stdout(renderRequests(requests, sources));
        if (logPath !== undefined && logCheck !== undefined) output.stdout(`Activity log: ${logPath}: ${describeLogCheck(logCheck)}\n`);
        if (cluster !== undefined) output.stdout(renderCluster(cluster));
      }
      for (const warning of policyWarnings) output.stderr(`warning: ${warning}\n`);
      return failed.length === 0 && logCheck?.kind !== 'not-writable' && cluster?.reachable !== false ? 0 : 1;
    } finally {
      removeSignalHandlers();
      await gateway.close();
      loaded.temporaryFolder.remove();
    }
  },
};

function describeLogCheck(check: LogWriteCheck): string {
  if (check.kind === 'writable') return 'lines can be written there';
  if (check.kind === 'not-writable') return `a line could not be written there (${check.error})`;
  return `not checked: no test file could be made beside it (${check.error})`;
}

function activityLogJson(path: string, check: LogWriteCheck): { path: string; writable: boolean | null; error?: string } {
  if (check.kind === 'writable') return { path, writable: true };
  return { path, writable: check.kind === 'not-writable' ? false : null, error: check.error };
}

function renderPolicy(rows: ReadonlyArray<{ tool: Tool; flags: ToolPolicyFlags }>): string {
  if (rows.length === 0) return 'Policy: no tool is denied, needs approval or is pinned.\n';
  const width = Math.max(...rows.map((row) => row.tool.name.length));
  const lines = rows.map(({ tool, flags }) => {
    const what = [
      flags.deniedBy === undefined ? undefined : `denied (policy.deny '${flags.deniedBy}')`,
      flags.approvalBy === undefined ? undefined : `needs approval (policy.require_approval '${flags.approvalBy}')`,
      flags.pinnedBy === undefined ? undefined : `pinned (pin '${flags.pinnedBy}')`,
    ].filter((part) => part !== undefined);
    return `  ${tool.name.padEnd(width)}  ${what.join(', ')}`;
  });
  return `Policy (denied tools are hidden from the model and refused):\n${lines.join('\n')}\n`;
}

function progressText(status: UpstreamStatus): string {
  if (status.state === 'connected') return `connected, ${countOf(status.toolCount, 'tool')}`;
  return `FAILED: ${status.error ?? status.state}`;
}

function renderTable(rows: ReadonlyArray<UpstreamStatus & { tokens: number }>): string {
  const header = ['server', 'status', 'tools', 'tokens'];
  const cells = rows.map((row) => [row.name, row.state, String(row.toolCount), formatCount(row.tokens)]);
  const total = [
    'total',
    '',
    String(rows.reduce((sum, row) => sum + row.toolCount, 0)),
    formatCount(rows.reduce((sum, row) => sum + row.tokens, 0)),
  ];
  const all = [header, ...cells, total];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column]!.length)));
  const line = (row: readonly string[]) =>
    row
      .map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join('  ')
      .trimEnd();
  const errors = rows.filter((row) => row.error !== undefined).map((row) => `  ${row.name}: ${row.error}`);
  return `\n${[line(header), ...cells.map(line), line(total)].join('\n')}\n${errors.length > 0 ? `Problems:\n${errors.join('\n')}\n` : ''}`;
}

/** What the client is shown; `denied` tools are already out of `before` (a deny rule hides them). */
function renderClientView(assembled: AssemblyResult, denied: number, mode: string, contextLength: number, thresholdPct: number): string {
  const before = assembled.visible.length + assembled.deferred.length;
  return [
    '',
    `What the client sees (tools.tool_search.enabled: ${mode}, context ${formatCount(contextLength)} tokens, threshold ${thresholdPct}%):`,
    `  Tool Search is ${assembled.active ? 'ACTIVE' : 'not active'}: ${assembled.reason}.`,
    `  tools:  ${before} before -> ${assembled.tools.length} after${denied > 0 ? ` (${denied} more hidden by policy.deny)` : ''}`,
    `  tokens (characters / 4): ${formatCount(assembled.tokensBefore)} before -> ${formatCount(assembled.tokensAfter)} after${assembled.active ? ` (${describeTokenChange(assembled.tokensBefore, assembled.tokensAfter)})` : ''}`,
    `  the tool array: ${assembled.tools.map((tool) => tool.name).join(', ') || '(empty)'}`,
    '',
  ].join('\n');
}
