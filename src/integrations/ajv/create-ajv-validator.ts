import { Ajv, type Options, type ValidateFunction } from 'ajv';
import type { RegExpEngine } from 'ajv/dist/types/index.js';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { ArgumentCheck, ArgumentValidator } from '../../dispatch/argument-validator.ts';
import { messageOf } from '../../errors/message-of.ts';
import { describeAjvError } from './describe-ajv-error.ts';
import { DEFAULT_SCHEMA_SIZE_BOUNDS, schemaTooLarge, type SchemaSizeBounds } from './schema-size.ts';
import { createLinearRegExpEngine } from './linear-regexp-engine.ts';
import { LINEAR_UNIQUE_ITEMS } from './unique-items-keyword.ts';

export interface AjvValidatorOptions {
  /**
   * Told once per schema the validator cannot check (it does not compile, or is too large), naming the
   * tool and why; that tool's calls then run unchecked. @default ignore
   */
  readonly onWarning?: (message: string) => void;
  /**
   * Compiled schemas kept, keyed on their JSON text (so a tool list re-read with equal schemas compiles
   * nothing again); beyond this many the least recently used go. @default DEFAULT_COMPILED_SCHEMA_CACHE_SIZE
   */
  readonly cacheSize?: number;
  /** @default DEFAULT_SCHEMA_SIZE_BOUNDS */
  readonly sizeBounds?: SchemaSizeBounds;
}

/** 1,000 schemas: a gateway in front of a few dozen servers, with room for their tools to change. */
export const DEFAULT_COMPILED_SCHEMA_CACHE_SIZE = 1_000;

/**
 * Arguments holding more values than this (objects, arrays and scalars, all counted) are checked up
 * to their first problem instead of collecting every one: 200,000 wrong items would otherwise cost
 * 200,000 error objects, of which a model is shown 20.
 */
export const ALL_ERRORS_MAX_VALUES = 10_000;

/** What the JSON text of one schema compiled to; `check` undefined when it could not be compiled. */
interface CompiledSchema {
  readonly check: ArgumentCheck | undefined;
  /** Lets Ajv forget the schema (it keeps every schema it compiled otherwise). */
  readonly release: () => void;
}

type Dialect = 'draft-07' | '2019-09' | '2020-12';
/** Whether an instance collects every error (`all`) or stops at the first (`first`, for large arguments). */
type ErrorCollection = 'all' | 'first';

/**
 * The standard {@link ArgumentValidator}, on Ajv: `createToolSearchSession({..., validateArguments:
 * createAjvValidator()})`. Every error is reported (`allErrors`), formats are checked (ajv-formats),
 * and schemas are read leniently, as real MCP servers send them: unknown keywords and formats are
 * ignored (`strict: false`); `$schema` picks draft 2020-12 or 2019-09, anything else is read as
 * draft-07 (draft-04 and -06 schemas mostly mean the same there); a `$id` two tools share is no
 * conflict. A schema that is not a valid JSON Schema, refers to what it does not contain, or is beyond
 * the size bounds is not compiled: its calls pass through unchecked, with one warning. Each schema is
 * compiled once, on the first call of a tool, and kept by its content.
 *
 * What an upstream's schema may cost is bounded: patterns run on a linear-time engine (a pattern it
 * cannot run is left unchecked, with a warning naming it), `uniqueItems` is checked in linear time, and
 * arguments of more than {@link ALL_ERRORS_MAX_VALUES} values are checked to their first problem.
 */
export function createAjvValidator(options: AjvValidatorOptions = {}): ArgumentValidator {
  const warn = options.onWarning ?? (() => undefined);
  const cacheSize = options.cacheSize ?? DEFAULT_COMPILED_SCHEMA_CACHE_SIZE;
  const sizeBounds = options.sizeBounds ?? DEFAULT_SCHEMA_SIZE_BOUNDS;
  const instances = new Map<string, Ajv>();
  /** The tool whose schema is being compiled, for the unsupported pattern warning. */
  let compiling = '';
  const regExp = createLinearRegExpEngine((pattern, reason) =>
    warn(
      `the pattern ${JSON.stringify(pattern)} in the parameters of tool '${compiling}' is not checked: it cannot run in linear time (${reason})`,
    ),
  );
  const byContent = new Map<string, CompiledSchema>();
  // The same schema object is asked about at every call: found without writing it out as JSON again.
  const bySchema = new WeakMap<object, CompiledSchema>();

  const instanceFor = (dialect: Dialect, errors: ErrorCollection): Ajv => {
    const key = `${dialect} ${errors}`;
    let instance = instances.get(key);
    if (instance === undefined) instances.set(key, (instance = createInstance(dialect, errors, regExp)));
    return instance;
  };
  const unchecked = (toolName: string, reason: string): CompiledSchema => {
    warn(`the arguments of tool '${toolName}' are not checked: its parameters schema ${reason}`);
    return { check: undefined, release: () => undefined };
  };
  const compile = (toolName: string, schemaText: string): CompiledSchema => {
    const schema: unknown = JSON.parse(schemaText);
    if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return unchecked(toolName, 'is not an object');
    const tooLarge = schemaTooLarge(schema, sizeBounds);
    if (tooLarge !== undefined) return unchecked(toolName, `is too large to check (${tooLarge})`);
    const copy = schema as Record<string, unknown>;
    const dialect = dialectOf(copy['$schema']);
    // The instance is chosen by it; left in, a draft the instance does not know would fail the compile.
    delete copy['$schema'];
    const ajv = instanceFor(dialect, 'all');
    compiling = toolName;
    try {
      const validate = ajv.compile(copy);
      // Compiled for large arguments only when one arrives: most tools never get one.
      let firstOnly: { readonly ajv: Ajv; readonly schema: object; readonly validate: ValidateFunction } | undefined;
      const checkFirstProblem = (args: unknown): ReturnType<ArgumentCheck> => {
        if (firstOnly === undefined) {
          const instance = instanceFor(dialect, 'first');
          const schema = structuredClone(copy);
          compiling = toolName;
          firstOnly = { ajv: instance, schema, validate: instance.compile(schema) };
        }
        return firstOnly.validate(args) ? [] : (firstOnly.validate.errors ?? []).map(describeAjvError);
      };
      return {
        check: (args) => {
          if (valueCountExceeds(args, ALL_ERRORS_MAX_VALUES)) return checkFirstProblem(args);
          return validate(args) ? [] : (validate.errors ?? []).map(describeAjvError);
        },
        release: () => {
          ajv.removeSchema(copy);
          if (firstOnly !== undefined) firstOnly.ajv.removeSchema(firstOnly.schema);
        },
      };
    } catch (error) {
      ajv.removeSchema(copy);
      return unchecked(toolName, `cannot be compiled (${messageOf(error)})`);
    }
  };

  return (tool) => {
    const schema = tool.parameters;
    const known = bySchema.get(schema);
    if (known !== undefined) return known.check;
    let schemaText: string;
    try {
      schemaText = JSON.stringify(schema);
    } catch (error) {
      const compiled = unchecked(tool.name, `cannot be read (${messageOf(error)})`);
      bySchema.set(schema, compiled);
      return compiled.check;
    }
    let compiled = byContent.get(schemaText);
    if (compiled === undefined) {
      compiled = compile(tool.name, schemaText);
      while (byContent.size >= cacheSize) {
        const [oldestText, oldest] = byContent.entries().next().value!;
        byContent.delete(oldestText);
        oldest.release();
      }
    } else {
      byContent.delete(schemaText);
    }
    byContent.set(schemaText, compiled);
    bySchema.set(schema, compiled);
    return compiled.check;
  };
}

function dialectOf(schemaUri: unknown): Dialect {
  if (typeof schemaUri !== 'string') return 'draft-07';
  if (schemaUri.includes('2020-12')) return '2020-12';
  if (schemaUri.includes('2019-09')) return '2019-09';
  return 'draft-07';
}

function createInstance(dialect: Dialect, errors: ErrorCollection, regExp: RegExpEngine): Ajv {
  const options: Options = { allErrors: errors === 'all', strict: false, addUsedSchema: false, logger: false, code: { regExp } };
  const instance = dialect === '2020-12' ? new Ajv2020(options) : dialect === '2019-09' ? new Ajv2019(options) : new Ajv(options);
  instance.removeKeyword('uniqueItems');
  instance.addKeyword(LINEAR_UNIQUE_ITEMS);
  // ajv-formats is CommonJS: Node's import gives its module.exports, whose `default` is the plugin.
  addFormatsModule.default(instance);
  return instance;
}

/** Whether `value` holds more than `limit` values in all; stops counting once it does. */
function valueCountExceeds(value: unknown, limit: number): boolean {
  let count = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    count += 1;
    if (count > limit) return true;
    if (typeof current !== 'object' || current === null) continue;
    for (const child of Array.isArray(current) ? current : Object.values(current)) pending.push(child);
  }
  return false;
}
