import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import { resolveAgentConfig, type AgentConfig } from '../config/agent-config.ts';
import type { ConfigWarning } from '../config/config-warning.ts';
import { GATEWAY_BLOCK_KEYS, GATEWAY_ROOT_KEYS } from '../gateway/gateway-config.ts';
import { resolvePolicyPatterns } from '../gateway/policy-config.ts';
import type { PolicyPatterns } from '../gateway/tool-policy.ts';
import { ToolSearchError } from '../errors/tool-search-error.ts';
import { parseToolsetMap } from '../tools/parse-toolset-map.ts';
import type { Tool } from '../tools/tool.ts';
import { UsageError } from './usage-error.ts';
import { firstLineOf, messageOf } from '../errors/message-of.ts';

/**
 * The YAML parser, loaded at the first config file that needs it: most runs (a search over a tools
 * file, a JSON config) never do, and loading it costs about 80 ms of a CLI start.
 */
function parseYaml(text: string): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml.parse(text);
}

/** Reads a text file, turning "no such file" and friends into one-line UsageErrors. */
export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new UsageError(`${what} '${path}' does not exist`);
    if (code === 'EISDIR') throw new UsageError(`${what} '${path}' is a directory, not a file`);
    if (code === 'EACCES') throw new UsageError(`${what} '${path}' cannot be read (permission denied)`);
    throw new UsageError(`${what} '${path}' cannot be read: ${messageOf(error)}`);
  }
}

/** Parses JSON with an error that names the file and where it broke. */
export function parseJsonText(text: string, path: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} '${path}' is not valid JSON: ${messageOf(error)}`);
  }
}

/** The tools file: toolset name -> tools, or a bare array (one MCP toolset named after the file). */
export function readToolsFile(path: string): Tool[] {
  const data = parseJsonText(readTextFile(path, 'tools file'), path, 'tools file');
  try {
    return parseToolsetMap(data, basename(path, extname(path)));
  } catch (error) {
    if (error instanceof ToolSearchError) throw new UsageError(`tools file '${path}': ${error.message}`);
    throw error;
  }
}

/** A parsed config document: JSON for `.json` files, YAML otherwise. An empty file is an empty document. */
export function readConfigDocument(path: string): unknown {
  const text = readTextFile(path, 'config file');
  if (extname(path).toLowerCase() === '.json') return parseJsonText(text, path, 'config file');
  try {
    return parseYaml(text) ?? {};
  } catch (error) {
    throw new UsageError(`config file '${path}' is not valid YAML: ${yamlProblem(error)}`);
  }
}

/**
 * The YAML parser's message on one line: its first line ends `at line 5, column 1:` before quoting the
 * file, which a one-line error cannot show (the line may hold a token), so the place goes in brackets.
 */
function yamlProblem(error: unknown): string {
  const first = firstLineOf(error);
  const place = / at line (\d+), column (\d+):?$/.exec(first);
  return place === null ? first.replace(/:$/, '') : `${first.slice(0, place.index)} (line ${place[1]}, column ${place[2]})`;
}

/** What `assemble` and `search` read from `--config`. */
export interface CommandConfig {
  readonly agent: AgentConfig;
  /** The config's `pin` and `policy` patterns, read as `serve` reads them (none without a file). */
  readonly policy: PolicyPatterns;
  /** The agent config's warnings, then the policy's. */
  readonly warnings: readonly ConfigWarning[];
}

/**
 * The agent config and the policy from a file, or the defaults and no policy when no file is given.
 * The file may be a gateway config too: its keys are known, and a typo in any of them is reported; a
 * policy the command cannot read is a UsageError naming the file and the key, as it stops `serve`.
 */
export function readCommandConfig(path: string | undefined): CommandConfig {
  const document = path === undefined ? {} : readConfigDocument(path);
  const root = typeof document === 'object' && document !== null && !Array.isArray(document) ? (document as Record<string, unknown>) : {};
  const policyWarnings: ConfigWarning[] = [];
  let policy: PolicyPatterns;
  try {
    policy = resolvePolicyPatterns(root, GATEWAY_ROOT_KEYS, policyWarnings);
  } catch (error) {
    if (error instanceof ToolSearchError) throw new UsageError(`config file '${path}': ${error.message}`);
    throw error;
  }
  const agent = resolveAgentConfig(document, { rootKeys: GATEWAY_ROOT_KEYS, blockKeys: GATEWAY_BLOCK_KEYS });
  return { agent, policy, warnings: [...agent.warnings, ...policyWarnings] };
}
