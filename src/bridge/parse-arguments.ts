import type { ToolArguments } from '../tools/tool.ts';
import { messageOf } from '../errors/message-of.ts';
import { jsonTextNestsDeeper, MAXIMUM_ARGUMENT_DEPTH, valueNestsDeeper } from './nesting-depth.ts';

export type ParsedArguments = { readonly ok: true; readonly value: ToolArguments } | { readonly ok: false; readonly message: string };

/**
 * Reads a call's arguments the way models send them: an object as it is, a JSON string holding an
 * object (models often stringify), and nothing at all (undefined, null, "") as `{}`. Anything else is
 * refused with a message that says what was received and what is expected, and so are arguments
 * nested deeper than {@link MAXIMUM_ARGUMENT_DEPTH} arrays and objects (checked before parsing: parsing
 * deep nesting takes seconds to minutes, and it could not be sent on anyway).
 */
export function parseArgumentsObject(raw: unknown, what: string): ParsedArguments {
  if (raw === undefined || raw === null) return { ok: true, value: {} };
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, value: {} };
    if (jsonTextNestsDeeper(raw)) return tooDeep(what);
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (error) {
      if (error instanceof RangeError) return tooDeep(what);
      const reason = messageOf(error);
      return {
        ok: false,
        message: `${what} is not valid JSON (${reason}). Pass a JSON object, for example {"query": "..."}.`,
      };
    }
    return objectOrRefusal(parsed, what, ' (after parsing the JSON string)');
  }
  if (valueNestsDeeper(raw)) return tooDeep(what);
  return objectOrRefusal(raw, what, '');
}

function tooDeep(what: string): ParsedArguments {
  return {
    ok: false,
    message: `${what} nest arrays and objects more than ${MAXIMUM_ARGUMENT_DEPTH} levels deep, which no tool takes. Pass a JSON object with the tool's own parameters.`,
  };
}

function objectOrRefusal(value: unknown, what: string, after: string): ParsedArguments {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    return { ok: true, value: value as ToolArguments };
  }
  return {
    ok: false,
    message: `${what} must be a JSON object, not ${kindOf(value)}${after}. Pass named arguments like {"name": "value"}.`,
  };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}
