import { pick, randomIndex, type Random } from './seeded-random.ts';

/** Strings a model or a client could send that have broken parsers, matchers and renderers before. */
const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  '\n\r\t',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '*',
  '**/*',
  '.*',
  '(a+)+$',
  '[',
  '\\',
  '${env:HOME}',
  '%s%s%s%n',
  '../../etc/passwd',
  'mcp_',
  'mcp__',
  'tool_call',
  'tool_search',
  'tool_describe',
  '\ud800',
  '\udfff\ud800',
  '🦄🦄🦄',
  'é'.normalize('NFD'),
  '\u202e\u202d',
  'NaN',
  'null',
  'undefined',
  '{"name":"tool_call"}',
  '[1,2,3]',
  '{"a":',
  '"',
];

/** A hostile string: a known troublemaker, a near-miss of a real name, random code units or a long run. */
export function hostileString(random: Random, names: readonly string[]): string {
  switch (randomIndex(random, 6)) {
    case 0:
      return pick(random, HOSTILE_STRINGS);
    case 1: {
      // A real name with one character changed, dropped or doubled: the did-you-mean path.
      const name = pick(random, names);
      const at = randomIndex(random, name.length + 1);
      return name.slice(0, at) + pick(random, ['', 'x', name[at] ?? '', '_']) + name.slice(at + 1);
    }
    case 2:
      return pick(random, names);
    case 3: {
      const length = randomIndex(random, 40);
      let text = '';
      for (let index = 0; index < length; index++) text += String.fromCharCode(randomIndex(random, 0x10000));
      return text;
    }
    case 4:
      return pick(random, ['a', 'mcp_', '_', '🦄', ' ']).repeat(pick(random, [100, 1_000, 10_000, 100_000]));
    default:
      return `${pick(random, names)} ${pick(random, HOSTILE_STRINGS)}`;
  }
}

/**
 * A hostile JSON-like value: any type, deeply nested, large, or cyclic (YAML aliases can make cycles).
 * With `dataOnly` false it may also be something no parser produces (a function, a symbol, a BigInt),
 * which a library caller can still pass.
 */
export function hostileValue(random: Random, names: readonly string[], depth = 0, dataOnly = false): unknown {
  const kind = randomIndex(random, depth > 3 ? 8 : 12);
  if (kind === 6 && dataOnly) return hostileString(random, names);
  switch (kind) {
    case 0:
      return undefined;
    case 1:
      return null;
    case 2:
      return pick(random, [true, false]);
    case 3:
      return pick(random, [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, -0, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e-308]);
    case 4:
    case 5:
      return hostileString(random, names);
    case 6:
      return pick(random, [BigInt(1), Symbol('s'), () => 'a function', new Date(Number.NaN), /regex/]);
    case 7:
      // The model's habit of sending arguments as JSON text; values JSON cannot write become a plain string.
      try {
        return JSON.stringify(hostileValue(random, names, depth + 1, dataOnly) ?? null);
      } catch {
        return '{"unserializable": true}';
      }
    case 8:
      return Array.from({ length: randomIndex(random, 5) }, () => hostileValue(random, names, depth + 1, dataOnly));
    case 9: {
      const object: Record<string, unknown> = {};
      for (let index = randomIndex(random, 5); index > 0; index--)
        object[hostileString(random, names).slice(0, 50)] = hostileValue(random, names, depth + 1, dataOnly);
      return object;
    }
    case 10:
      return deeplyNested(pick(random, [100, 1_000, 10_000]), random() < 0.5);
    default: {
      const cyclic: Record<string, unknown> = { name: pick(random, names) };
      cyclic['self'] = cyclic;
      return cyclic;
    }
  }
}

/** `[[[...]]]` or `{"a": {"a": ...}}`, `depth` levels deep. */
function deeplyNested(depth: number, asArray: boolean): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
}
