import type { ToolArguments } from '../tools/tool.ts';
import { messageOf } from '../errors/message-of.ts';

export type ParsedArguments = { readonly ok: true; readonly value: ToolArguments } | { readonly ok: false; readonly message: string };

/**
 * Reads a call's arguments the way models send them: an object as it is, a JSON string holding an
 * object (models often stringify), and nothing at all (undefined, null, "") as `{}`. Anything else is
 * refused with a message that says what was received and what is expected.
 */
export function parseArgumentsObject(raw: unknown, what: string): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, value: {} };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      const reason = messageOf(error);
      return {
        ok: false,
        message: `${what} is not valid JSON (${reason}). Pass a JSON object, for example {"query": "..."}.`,
      };
    }
    return objectOrRefusal(parsed, what, ' (after parsing the JSON string)');
  }
  return objectOrRefusal(raw, what, '');
}

function objectOrRefusal(value: unknown, what: string, after: string): ParsedArguments {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { ok: true, value: value as ToolArguments };
  }
  return { ok: false, message: `${what} must be a JSON object, not ${kindOf(value)}${after}. Pass named arguments like {"name": "value"}.` };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}
