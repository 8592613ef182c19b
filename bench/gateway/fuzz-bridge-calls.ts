import { readToolsFile } from '../../src/cli/read-input-files.ts';
import { resolveToolSearchConfig } from '../../src/config/tool-search-config.ts';
import { createToolSearchSession } from '../../src/session/tool-search-session.ts';
import { hostileString, hostileValue } from './hostile-values.ts';
import { pick, seededRandom, type Random } from './seeded-random.ts';

export interface BridgeFuzzOptions {
  /** A tools file (the bundled catalogs/realistic-session.json). */
  readonly toolsPath: string;
  readonly calls: number;
  readonly seed: number;
}

export interface BridgeFuzzCounts {
  readonly calls: number;
  readonly seed: number;
  /** `session.call` rejected, threw, or resolved to something that is not an outcome: must be 0. */
  readonly unhandled: number;
  /** Outcomes by `ok` / error code, to show the inputs reached the different paths. */
  readonly outcomes: Readonly<Record<string, number>>;
  /** The first few unhandled failures, to reproduce them. */
  readonly failures: readonly string[];
  /** The slowest single call, in milliseconds, and what it was. */
  readonly slowestMs: number;
  readonly slowest: string;
  readonly durationMs: number;
}

const BRIDGE_NAMES = ['tool_search', 'tool_describe', 'tool_call'] as const;

/**
 * Sends `calls` random bridge calls with hostile names, arguments, types, JSON strings and huge or deeply
 * nested values through a library session over the bundled 358-tool catalog, and counts the calls that
 * did not come back as an outcome: docs/behaviour.md says `session.call` never rejects for anything the model sends.
 */
export async function fuzzBridgeCalls(options: BridgeFuzzOptions): Promise<BridgeFuzzCounts> {
  const tools = readToolsFile(options.toolsPath);
  const names = tools.map((tool) => tool.name);
  const session = createToolSearchSession({
    tools,
    config: resolveToolSearchConfig({ enabled: 'on' }).config,
    contextLength: 200_000,
    sessionId: 'bench-fuzz',
    // Every tool "runs" and answers with the size of what it was given, so tool_call reaches the end of the pipeline.
    execute: (_tool, args) => ({ received: typeof args }),
  });
  const random = seededRandom(options.seed);
  const outcomes: Record<string, number> = {};
  const failures: string[] = [];
  let unhandled = 0;
  let slowestMs = 0;
  let slowest = '';
  const started = performance.now();
  for (let index = 0; index < options.calls; index++) {
    const [name, args] = hostileCall(random, names);
    const callStarted = performance.now();
    try {
      const outcome: unknown = await session.call(name, args);
      if (typeof outcome !== 'object' || outcome === null || typeof (outcome as { ok?: unknown }).ok !== 'boolean')
        throw new Error(`not an outcome: ${String(outcome)}`);
      const { ok, error } = outcome as { ok: boolean; error?: { code?: string } };
      const key = ok ? 'ok' : `error:${error?.code ?? 'unknown'}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    } catch (error) {
      unhandled++;
      if (failures.length < 5)
        failures.push(
          `call ${index} (seed ${options.seed}) ${name.slice(0, 60)}: ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' | ') : String(error)}`,
        );
    }
    const elapsed = performance.now() - callStarted;
    if (elapsed > slowestMs) {
      slowestMs = elapsed;
      slowest = `${name.length > 40 ? `${name.slice(0, 20)}... (${name.length} characters)` : name} with ${describeShape(args)}`;
    }
  }
  return {
    calls: options.calls,
    seed: options.seed,
    unhandled,
    outcomes,
    failures,
    slowestMs,
    slowest,
    durationMs: performance.now() - started,
  };
}

/** One call: mostly a bridge tool with plausible-looking but hostile arguments, sometimes anything at all. */
function hostileCall(random: Random, names: readonly string[]): [string, unknown] {
  const roll = random();
  if (roll < 0.1) return [hostileString(random, names), hostileValue(random, names)];
  const bridge = pick(random, BRIDGE_NAMES);
  if (roll < 0.2) return [bridge, hostileValue(random, names)];
  // Arguments as the model writes them: an object, or that object as JSON text.
  const args: Record<string, unknown> =
    bridge === 'tool_search'
      ? {
          query: random() < 0.7 ? hostileString(random, names) : hostileValue(random, names),
          ...(random() < 0.5 ? { limit: hostileValue(random, names) } : {}),
        }
      : bridge === 'tool_describe'
        ? { name: random() < 0.8 ? hostileString(random, names) : hostileValue(random, names) }
        : { name: random() < 0.8 ? hostileString(random, names) : hostileValue(random, names), arguments: hostileValue(random, names) };
  if (random() < 0.15) {
    try {
      return [bridge, JSON.stringify(args)];
    } catch {
      return [bridge, args];
    }
  }
  return [bridge, args];
}

function describeShape(value: unknown): string {
  if (typeof value === 'string') return `a ${value.length}-character string`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object' && value !== null) return `{${Object.keys(value).slice(0, 3).join(', ')}}`;
  return typeof value;
}
