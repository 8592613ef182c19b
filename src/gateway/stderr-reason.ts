/**
 * The stderr line that best says why a server stopped, or undefined when there is none. A crashing
 * runtime prints its reason and then more: Node prints the stack, the error's fields and `Node.js
 * v20.x` last; Python prints the traceback above its reason. So the last line that names an error
 * (`Error: Cannot find module ...`, `ModuleNotFoundError: ...`, `error: ...`, `panic: ...`) wins;
 * failing that, the last line that is not a stack frame, a brace, a caret or a version banner.
 */
export function stderrReason(lines: readonly string[]): string | undefined {
  const meaningful = lines.map((line) => line.trim()).filter((line) => line !== '' && (NAMES_AN_ERROR.test(line) || !isTrailer(line)));
  for (let index = meaningful.length - 1; index >= 0; index--) {
    if (NAMES_AN_ERROR.test(meaningful[index]!)) return meaningful[index];
  }
  return meaningful.at(-1);
}

/** `Error: ...`, `TypeError: ...`, `ModuleNotFoundError: ...`, `error: ...`, `Fatal error: ...`, `panic: ...`. */
const NAMES_AN_ERROR = /^(?:[\w.$]*(?:Error|Exception)\b|error\b|fatal\b|panic\b)/i;

/** What a runtime prints around its reason: stack frames, punctuation, the version banner, object fields. */
function isTrailer(line: string): boolean {
  return (
    /^at\s/.test(line) ||
    /^[\s{}[\]()^~,;]*$/.test(line) ||
    /^Node\.js v\d/.test(line) ||
    /^throw\s/.test(line) ||
    /^node:internal\//.test(line) ||
    /^[A-Za-z]\w*: .*,$/.test(line) ||
    /^[A-Za-z]\w*: (?:\[\]|\{\}|'[^']*'|\d+|true|false|undefined|null)$/.test(line)
  );
}
