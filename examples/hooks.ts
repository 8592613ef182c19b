/**
 * Worked examples of the three kinds of hook. They are ordinary functions: pass them in a session's
 * `hooks` option. Every integration's example uses them; so do the tests.
 */
import { createInterface } from 'node:readline/promises';
import { matchesGlob, type AfterCallHook, type Approver, type DispatchHooks, type Guardrail } from '../src/index.ts';

/** A guardrail: refuse any tool whose name matches `*delete*`, whether called directly or through tool_call. */
export const blockDeletes: Guardrail = (call) =>
  matchesGlob(call.name, '*delete*') ? { deny: 'deleting is not allowed in this agent' } : undefined;

/**
 * An approval prompt in the terminal for tools matching `needsApproval` (all tools when omitted):
 * prints the real tool name and arguments and waits for y/N. Streams are injectable for tests.
 */
export function createTerminalApprover(
  options: {
    readonly needsApproval?: (name: string) => boolean;
    readonly input?: NodeJS.ReadableStream;
    readonly output?: NodeJS.WritableStream;
  } = {},
): Approver {
  return async (call) => {
    if (options.needsApproval !== undefined && !options.needsApproval(call.name)) return true;
    const terminal = createInterface({ input: options.input ?? process.stdin, output: options.output ?? process.stdout });
    try {
      const answer = await terminal.question(`Allow ${call.name} ${JSON.stringify(call.arguments)}? [y/N] `);
      return /^y(es)?$/i.test(answer.trim()) ? true : { approved: false, reason: 'the user said no' };
    } finally {
      terminal.close();
    }
  };
}

/** Matches secrets such as `sk-...` keys and `api_key=...` / `token: ...` pairs (a fresh regex per use: /g ones keep state). */
const secretPattern = () => /\b(sk-[A-Za-z0-9_-]{8,})|\b((?:api[_-]?key|token|password|secret)"?\s*[=:]\s*)("?)[^\s",}]+\3/gi;

/** A post-call hook: replace secrets in a successful result with `[REDACTED]` before the model sees them. */
export const redactSecrets: AfterCallHook = (_call, outcome) => {
  if (!outcome.ok) return undefined;
  const text = typeof outcome.value === 'string' ? outcome.value : JSON.stringify(outcome.value);
  if (text === undefined) return undefined;
  const redacted = text.replace(
    secretPattern(),
    (_match, key: string | undefined, prefix: string | undefined, quote: string | undefined) =>
      key !== undefined ? '[REDACTED]' : `${prefix ?? ''}${quote ?? ''}[REDACTED]${quote ?? ''}`,
  );
  if (redacted === text) return undefined;
  return { ok: true, value: typeof outcome.value === 'string' ? redacted : JSON.parse(redacted) };
};

/**
 * The hooks every model-driven example passes to its session: the guardrail, a terminal approval for
 * tools that create something, and the redaction.
 */
export function exampleHooks(): DispatchHooks {
  return {
    guardrails: [blockDeletes],
    approve: createTerminalApprover({ needsApproval: (name) => name.includes('create') }),
    afterCall: [redactSecrets],
  };
}
